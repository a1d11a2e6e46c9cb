/** Issue 11's smaller defects that a Worker test shows best: CSV for spreadsheets, link previews. */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type Receipt, receiptEmail } from "~/domain/bookings/records/receipts.server";
import { qrCode } from "~/lib/qr";
import { packagesOrigin } from "~/lib/packages-origin.server";
import { customerRow, newUser, signUp, TestBrowser } from "../support/browser";
import { findDonationPurpose, newCustomer } from "../support/bookings";
import { OPERATOR, signedIn, STAFF_A, templeOf } from "../support/staff";
import { setCookie } from "../support/cookie-jar";

describe("the enquiries CSV", () => {
  it("starts with a UTF-8 byte order mark, so a spreadsheet shows Malayalam as written", async () => {
    const name = `ശ്രീ കൃഷ്ണ ക്ഷേത്രം ${crypto.randomUUID().slice(0, 4)}`;
    await env.DB.prepare(
      "insert into temple_registrations (temple_name, location, contact_person, phone) values (?, 'കൊച്ചി', 'രവി', '9876543210')",
    )
      .bind(name)
      .run();
    const response = await (await signedIn(OPERATOR)).get("/operator/export/registrations");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes);
    expect(text).toContain(`"${name}"`);
    expect(text).toContain('"കൊച്ചി"');
  });
});

describe("link previews", () => {
  it("a temple's page carries Open Graph title, description, image and URL", async () => {
    const temple = await env.DB.prepare(
      "select slug, display_name, image_url from temples where online_booking = 1 and verified = 1 order by id limit 1",
    ).first<{
      slug: string;
      display_name: string;
      image_url: string;
    }>();
    const html = await (await new TestBrowser().get(`/t/${temple!.slug}`)).text();
    const og = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
    expect(og("og:title")).toBe(temple!.display_name.replace(/&/g, "&amp;"));
    expect(og("og:description")).toBeTruthy();
    expect(og("og:image")).toBe(`http://localhost${temple!.image_url}`);
    expect(og("og:url")).toBe(`http://localhost/t/${temple!.slug}`);
  });

  it("every public page has a title and description to show", async () => {
    for (const path of ["/", "/temples", "/priests", "/events", "/services"]) {
      const html = await (await new TestBrowser().get(path)).text();
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html, path).toMatch(/<meta property="og:description" content="[^"]+"/);
    }
  });
});

describe("cached public pages", () => {
  it("show a desk's change at once, not after the cache's lifetime", async () => {
    const url = `/events?probe=${crypto.randomUUID().slice(0, 8)}`;
    const visitor = () => new TestBrowser().get(url);
    let hit = false;
    for (let attempt = 0; attempt < 20 && !hit; attempt++) hit = (await visitor()).headers.get("cf-cache-status") === "HIT";
    expect(hit, "the events page is answered from the cache").toBe(true);

    const staff = await signedIn(STAFF_A);
    const header = `Deepotsavam ${crypto.randomUUID().slice(0, 6)}`;
    const today = new Date().toISOString().slice(0, 10);
    const saved = await staff.post(`/desk/${await templeOf(STAFF_A.email)}/messages`, {
      intent: "message",
      kind: "event",
      header,
      body: "Ten thousand lamps are lit at dusk on the temple tank.",
      startDate: today,
      endDate: "2030-01-01",
    });
    expect(saved.status).toBe(303);
    expect(await (await visitor()).text()).toContain(header);
  });
});

describe("a session cookie that names no session", () => {
  it("is cleared on the next page, so the visitor is plainly signed out (spec §4)", async () => {
    const response = await new TestBrowser().get("/services", { cookie: "sn_session=bogus-session-id" });
    expect(response.status).toBe(200);
    const cleared = setCookie(response, "sn_session");
    expect(cleared).toMatch(/^sn_session=;.*Max-Age=0/i);
  });
});

describe("package links", () => {
  it("follow the port the portal answers on, so npm start -- --port N links to packages.localhost:N", async () => {
    const html = await (await exports.default.fetch("http://localhost:9123/")).text();
    expect(html).toMatch(/href="http:\/\/packages\.localhost:9123\/page_details\?packageId=\d+"/);
    expect(html).not.toContain("packages.localhost:8787");
  });

  it("use the configured origin on a public host, and the request's own host when none is set", () => {
    expect(packagesOrigin({ PACKAGES_ORIGIN: "https://packages.sannidhi.in" }, "https://sannidhi.in/")).toBe(
      "https://packages.sannidhi.in",
    );
    expect(packagesOrigin({ PACKAGES_ORIGIN: "http://packages.localhost:8787" }, "http://127.0.0.1:8790/x")).toBe(
      "http://packages.localhost:8790",
    );
    expect(packagesOrigin({ PACKAGES_ORIGIN: undefined }, "https://sannidhi.in/temples")).toBe("https://sannidhi.in");
  });
});

describe("Indian input as people type it", () => {
  it("signs up K. Narayanan with the mobile typed as 98765 43210, and stores 10 digits", async () => {
    const browser = new TestBrowser();
    const user = newUser({ name: "K. Narayanan", mobile: "98765 43210" });
    await signUp(browser, user);
    const row = await customerRow(user.email);
    expect(row).toMatchObject({ first_name: "K. Narayanan", phone_mobile: "9876543210" });
    for (const typed of ["+91 98765-43210", "098765 43210", "98765-43210"]) {
      const saved = await browser.post("/account", { intent: "profile", firstName: "K. Narayanan", mobile: typed });
      expect(saved.status, typed).toBeLessThan(400);
      expect((await customerRow(user.email))!.phone_mobile, typed).toBe("9876543210");
    }
  });

  it("takes a donation in rupees and paise (₹2,50,000.50)", async () => {
    const { browser, customerId } = await newCustomer();
    const purpose = await findDonationPurpose();
    const added = await browser.post(`/t/${purpose.slug}`, {
      form: "donation",
      donationPurposeId: String(purpose.id),
      amount: "250000.50",
      devoteeName: "S. Meera",
    });
    expect(added.status).toBe(303);
    const row = await env.DB.prepare("select donation_amount, devotee_name from cart_items where customer_id = ?").bind(customerId).first();
    expect(row).toEqual({ donation_amount: 25000050, devotee_name: "S. Meera" });
  });

  it("tells two temples of the same name apart in the suggestions", async () => {
    const response = await new TestBrowser().get(`/api/suggest?list=search&q=${encodeURIComponent("Sree Krishna Swamy Temple")}`);
    const { items } = await response.json<{ items: { kind: string; label: string; place?: string }[] }>();
    const temples = items.filter((item) => item.kind === "temple");
    expect(temples.length).toBeGreaterThan(0);
    for (const temple of temples) expect(temple.place).toMatch(/^[^,]+, [^,]+$/);
    const labels = temples.map((t) => `${t.label} · ${t.place}`);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("offers each temple once, under the name shown everywhere else, with its other name beside it (issue 30)", async () => {
    type Item = { kind: string; label: string; text?: string; otherName?: string; id: number; place?: string };
    const landmark = await env.DB.prepare(
      "select id, name, display_name from temples where slug = 'sree-krishna-swamy-temple-guruvayur'",
    ).first<{ id: number; name: string; display_name: string }>();
    for (const path of ["/api/suggest?list=search&q=guru", "/ml/api/suggest?list=search&q=guru"]) {
      const { items } = await (await new TestBrowser().get(path)).json<{ items: Item[] }>();
      const temples = items.filter((item) => item.kind === "temple");
      // The cards, the temple's site and My Transactions call it by its display name.
      // On a Malayalam page it reads as Malayalam devotees write it, the English name beside (issue 39).
      const malayalam = path.startsWith("/ml/")
        ? await env.DB.prepare(
            "select text from content_translations where kind = 'temple' and ref_id = ? and locale = 'ml' and field = 'name'",
          )
            .bind(landmark!.id)
            .first<string>("text")
        : null;
      expect(
        temples.filter((t) => t.id === landmark!.id),
        path,
      ).toEqual([
        {
          kind: "temple",
          label: landmark!.display_name,
          ...(malayalam ? { text: malayalam } : {}),
          otherName: landmark!.name,
          id: landmark!.id,
          place: "Thrissur, Kerala",
          verified: true,
        },
      ]);
      const shown = temples.map((t) => `${t.text ?? t.label} · ${t.place}`);
      expect(new Set(shown).size, path).toBe(shown.length);
    }
  });
});

describe("the receipt email", () => {
  it("writes money as ₹ with Indian grouping, as the pages do", () => {
    const line = {
      itemType: "PUJA" as const,
      templeId: 1,
      templeName: "Sree Krishna Temple",
      itemName: "Udayasthamana Puja",
      devoteeName: "K. Narayanan",
      pujaDate: "2027-01-15",
      quantity: 1,
      amount: 11_500_100,
      postalCharge: 0,
      itemAmount: 11_500_100,
      postalAmount: 0,
      total: 11_500_100,
    };
    const receipt = {
      receiptNo: "SN-2026-000200",
      trackingNo: "TRK2026000200",
      bookingDate: "2026-11-23T10:00:00.000+05:30",
      paymentRef: "pay_x",
      customerName: "K. Narayanan",
      customerEmail: "k@example.org",
      temples: [
        {
          templeId: 1,
          templeName: "Sree Krishna Temple",
          pujas: [line],
          donations: [],
          pujaTotal: 11_500_100,
          donationTotal: 0,
          postalTotal: 0,
          total: 11_500_100,
          registration80g: null,
          templePan: null,
        },
      ],
      grandTotal: 11_500_100,
    } as unknown as Receipt;
    const url = "https://sannidhi.example/verify/1-0000000000";
    const { text } = receiptEmail(
      receipt,
      { code: "1-0000000000", url, qr: qrCode(url) },
      {
        siteName: "Sannidhi",
        origin: "https://sannidhi.example",
        supportEmail: "support@sannidhi.example",
      },
    );
    expect(text).toContain("Grand total: ₹1,15,001.00");
    expect(text).not.toContain("Rs.");
  });
});
