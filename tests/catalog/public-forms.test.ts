import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count, decode, get, postForm } from "../support/public";
import { setCookie } from "../support/cookie-jar";

/** The visitor forms through the Worker, as a browser without JavaScript posts them. */
const SUBMITTED = "Successfully submitted your details. we will reach you soon.";
const FAILED = "Unable to submitted your details. please reach us at +91 80 4710 2030 or email at support@sannidhi.example";

/** Follows a post/redirect/get with the toast cookie, as a browser would. */
async function toastAfter(response: Response) {
  expect(response.status).toBe(303);
  const cookie = setCookie(response, "sn_toast")!;
  expect(cookie).toBeTruthy();
  const page = await get(response.headers.get("location")!, { headers: { Cookie: cookie.split(";")[0]! } });
  expect(page.headers.get("cache-control")).toMatch(/private|no-store/);
  return decode(await page.text());
}

describe("temple signup", () => {
  it("shows the spec's messages next to the fields and stores nothing", async () => {
    const before = await count("select count(*) as n from temple_registrations");
    const response = await postForm("/temple-signup", { tname: "", tlocation: "", tcontact: "", tphone: "12" });
    expect(response.status).toBe(400);
    const html = decode(await response.text());
    for (const message of [
      "Please provide temple name",
      "Please provide temple location",
      "Please provide temple contact person name",
      "Please provide contact number",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('aria-invalid="true"');
    expect(await count("select count(*) as n from temple_registrations")).toBe(before);
  });

  it("stores the registration and confirms with the success toast", async () => {
    const response = await postForm("/temple-signup", {
      tname: "Sree Mahadeva Temple, Kumaranalloor",
      tlocation: "Kumaranalloor",
      tcontact: "K. Raman Nair",
      tphone: "+91 98470 12345",
      temail: "Office@Kumaranalloor.example",
      taddress: "Temple Road",
      tstate: "Kerala",
    });
    expect(await toastAfter(response)).toContain(SUBMITTED);
    const row = await env.DB.prepare("select * from temple_registrations where temple_name = ?")
      .bind("Sree Mahadeva Temple, Kumaranalloor")
      .first<Record<string, string>>();
    expect(row).toMatchObject({
      location: "Kumaranalloor",
      contact_person: "K. Raman Nair",
      phone: "+91 98470 12345",
      email: "office@kumaranalloor.example",
      state: "Kerala",
    });
  });
});

describe("jobs", () => {
  it("says 'Enter Name', 'Enter E-mail' and 'Enter Mobile Number'", async () => {
    const response = await postForm("/jobs", { name: "1", email: "x", phone: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of ["Enter Name", "Enter E-mail", "Enter Mobile Number"]) expect(html).toContain(message);
    expect(html).toContain('value="x"');
  });

  it("stores the enquiry", async () => {
    const response = await postForm("/jobs", {
      name: "Meera Iyer",
      email: "meera.jobs@example.org",
      phone: "9847012345",
      jobType: "Devotee support",
      comments: "Tamil and English",
    });
    expect(await toastAfter(response)).toContain(SUBMITTED);
    expect(
      await count("select count(*) as n from job_enquiries where email = ? and job_type = ?", "meera.jobs@example.org", "Devotee support"),
    ).toBe(1);
  });

  it("tells the visitor how to reach support when the enquiry cannot be stored", async () => {
    await env.DB.exec("alter table job_enquiries rename to job_enquiries_away");
    try {
      const response = await postForm("/jobs", { name: "Meera Iyer", email: "meera.fail@example.org", phone: "9847012345" });
      expect(response.status).toBe(503);
      const html = decode(await response.text());
      expect(html).toContain(FAILED);
      expect(html).toContain('value="meera.fail@example.org"');
    } finally {
      await env.DB.exec("alter table job_enquiries_away rename to job_enquiries");
    }
  });
});

describe("home page boxes", () => {
  it("newsletter: rejects a bad address with 'Enter vaild E-mail'", async () => {
    const response = await postForm("/?index", { intent: "newsletter", email: "devotee@" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter vaild E-mail");
  });

  it("newsletter: subscribing twice keeps one subscription and thanks both times", async () => {
    const email = `twice.${Date.now()}@example.org`;
    for (const typed of [email, email.toUpperCase()]) {
      const response = await postForm("/?index", { intent: "newsletter", email: typed });
      expect(await toastAfter(response)).toContain("Thanks for subscribing to our newsletters.");
    }
    expect(await count("select count(*) as n from newsletter_subscriptions where email = ?", email)).toBe(1);
  });

  it("contact box: needs an e-mail or phone, then promises a call", async () => {
    const bad = await postForm("/?index", { intent: "contact", emailOrPhone: "tomorrow" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter vaild Phone number or E-mail");
    const good = await postForm("/?index", { intent: "contact", emailOrPhone: "+91 94470 55555" });
    expect(await toastAfter(good)).toContain("We will contact you soon");
    expect(await count("select count(*) as n from contact_requests where email_or_phone = ?", "+91 94470 55555")).toBe(1);
  });

  it("refuses a form posted from another site", async () => {
    const response = await postForm(
      "/?index",
      { intent: "newsletter", email: "x@example.org" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(response.status).toBe(403);
  });
});
