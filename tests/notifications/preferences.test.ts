/**
 * Issue 41: the profile's message preferences. E-mail is always on; WhatsApp and SMS each need
 * the devotee's consent, recorded with its time (kept while the box stays ticked, cleared when
 * it is unticked), and a mobile on the profile; reminders on or off. A plain form (these posts
 * are what a browser without JavaScript sends); bad input changes nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { customerRow, pageText } from "../support/browser";
import { devotee } from "./support/messages";

type Consents = { whatsapp_opt_in: string | null; sms_opt_in: string | null; reminders_opt_in: number };

async function consents(email: string): Promise<Consents> {
  const { whatsapp_opt_in, sms_opt_in, reminders_opt_in } = (await customerRow(email)) as Consents;
  return { whatsapp_opt_in, sms_opt_in, reminders_opt_in };
}

describe("message preferences on the profile", () => {
  it("shows e-mail always on, the consent each phone channel asks, and reminders on", async () => {
    const { browser, user } = await devotee();
    const html = await (await browser.get("/account")).text();
    const text = await pageText(new Response(html));
    expect(text).toContain("How we reach you");
    expect(text).toContain(`E-mail is always on: receipts and account messages go to ${user.email}.`);
    expect(text).toContain("WhatsApp messages to +919876543210");
    expect(text).toContain("By ticking this box I agree to receive messages from Sannidhi on WhatsApp");
    expect(text).toContain("SMS to +919876543210");
    expect(html).toMatch(/<input type="checkbox" name="reminders" checked="" value="on"\/>/);
    expect(html).toMatch(/<input type="checkbox" name="whatsapp" value="on"\/>/);
    expect(await consents(user.email)).toEqual({ whatsapp_opt_in: null, sms_opt_in: null, reminders_opt_in: 1 });
  });

  it("records WhatsApp consent with its time, keeps that time while it stays ticked, and clears it when unticked", async () => {
    const { browser, user } = await devotee();
    const before = Date.now();
    const saved = await browser.post("/account?tab=profile", { intent: "preferences", whatsapp: "on", reminders: "on" });
    expect(saved.status).toBe(200);
    expect(await pageText(saved)).toContain("Your message preferences are saved.");
    const first = await consents(user.email);
    expect(Date.parse(first.whatsapp_opt_in!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first.whatsapp_opt_in!)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(first).toMatchObject({ sms_opt_in: null, reminders_opt_in: 1 });
    const page = await pageText(await browser.get("/account"));
    expect(page).toMatch(/You agreed on \d{1,2} \w+ \d{4}\./);

    // Ticked again with SMS too: WhatsApp's consent keeps its first time; SMS gets its own.
    await browser.post("/account", { intent: "preferences", whatsapp: "on", sms: "on" });
    const second = await consents(user.email);
    expect(second.whatsapp_opt_in).toBe(first.whatsapp_opt_in);
    expect(second.sms_opt_in).toBeTruthy();
    expect(second.reminders_opt_in).toBe(0);

    // Nothing ticked: both consents withdrawn, reminders off.
    expect((await browser.post("/account", { intent: "preferences" })).status).toBe(200);
    expect(await consents(user.email)).toEqual({ whatsapp_opt_in: null, sms_opt_in: null, reminders_opt_in: 0 });
  });

  it("refuses a value no box sends, and WhatsApp or SMS without a mobile; nothing changes", async () => {
    const { browser, user } = await devotee();
    await browser.post("/account", { intent: "preferences", sms: "on", reminders: "on" });
    const kept = await consents(user.email);

    const odd = await browser.post("/account", { intent: "preferences", whatsapp: "yes", reminders: "on" });
    expect(odd.status).toBe(400);
    expect(await pageText(odd)).toContain("Tick the box or leave it empty.");
    expect(await consents(user.email)).toEqual(kept);

    await env.DB.prepare("update customers set phone_mobile = '' where email = ?").bind(user.email).run();
    const noMobile = await browser.post("/account", { intent: "preferences", whatsapp: "on" });
    expect(noMobile.status).toBe(400);
    expect(await pageText(noMobile)).toContain("Add a mobile number to your profile first: WhatsApp and SMS messages go to it.");
    expect(await consents(user.email)).toEqual(kept);
    expect(await pageText(await browser.get("/account"))).toContain("Add your mobile number above to get messages on WhatsApp or by SMS.");
  });

  it("is a form of this site only: a post from another site changes nothing", async () => {
    const { browser, user } = await devotee();
    const forged = await browser.post("/account", { intent: "preferences", whatsapp: "on" }, { origin: "https://elsewhere.example" });
    expect(forged.status).toBe(403);
    expect(await consents(user.email)).toEqual({ whatsapp_opt_in: null, sms_opt_in: null, reminders_opt_in: 1 });
  });

  it("speaks Malayalam on the Malayalam profile", async () => {
    const { browser } = await devotee();
    const saved = await browser.post("/ml/account", { intent: "preferences", reminders: "on" });
    expect(saved.status).toBe(200);
    const text = await pageText(saved);
    expect(text).toContain("ഞങ്ങൾ നിങ്ങളെ ബന്ധപ്പെടുന്ന വിധം");
    expect(text).toContain("നിങ്ങളുടെ സന്ദേശ മുൻഗണനകൾ സേവ് ചെയ്തു.");
  });
});
