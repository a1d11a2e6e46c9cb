import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/browser";
import { LegacyClient, scalar } from "../support/legacy-client";

const client = new LegacyClient("browser");

describe("contact, newsletter and job enquiries", () => {
  it("sendMailToSupport stores a contact request (email or phone)", async () => {
    const email = uniqueEmail("contact");
    const answer = await client.call("/api/common/sendMailToSupport", { emailOrPhone: email, subject: "Please call me", type: "contact" });
    expect(answer.body).toEqual({ Status: "success", Message: "We will contact you soon" });
    const row = await env.DB.prepare("select * from contact_requests where email_or_phone = ?").bind(email).first();
    expect(row).toMatchObject({ subject: "Please call me", type: "contact" });
    expect((await client.call("/api/common/sendMailToSupport", { emailOrPhone: 9876543210 })).status).toBe(200);
    const bad = await client.call("/api/common/sendMailToSupport", { emailOrPhone: "call me maybe" });
    expect(bad.body).toEqual({
      Status: "Failed",
      error: "bad_request",
      field: "emailOrPhone",
      message: "Enter vaild Phone number or E-mail",
    });
  });

  it("sendMailToSupport takes job data too, with the jobs form's rules", async () => {
    const email = uniqueEmail("jobdata");
    const answer = await client.call("/api/common/sendMailToSupport", {
      firstname: "Ravi Kumar",
      email,
      phone: "9876543210",
      jobType: "Priest",
      comments: "Ten years at Palani",
    });
    expect(answer.body).toEqual({ Status: "success", Message: "Successfully submitted your details. we will reach you soon." });
    const row = await env.DB.prepare("select subject, type from contact_requests where email_or_phone = ?")
      .bind(email)
      .first<{ subject: string; type: string }>();
    expect(row!.type).toBe("job");
    expect(row!.subject).toContain("Ravi Kumar");
    expect(row!.subject).toContain("Priest");
    const missing = await client.call("/api/common/sendMailToSupport", { firstname: "Ravi Kumar", email });
    expect(missing.body).toMatchObject({ field: "phone", message: "Enter Mobile Number" });
  });

  it("storeNewsLetterContact subscribes once, however often it is sent", async () => {
    const email = uniqueEmail("news");
    for (let i = 0; i < 2; i++) {
      const answer = await client.call("/api/common/storeNewsLetterContact", { email: email.toUpperCase() });
      expect(answer.body).toEqual({ Status: "success", Message: "Thanks for subscribing to our newsletters." });
    }
    expect(await scalar("select count(*) as n from newsletter_subscriptions where email = ?", email)).toBe(1);
    expect((await client.call("/api/common/storeNewsLetterContact", { email: "nope" })).body).toMatchObject({
      field: "email",
      message: "Enter vaild E-mail",
    });
  });

  it("storeJobsContact takes firstname and email as the spec sends them", async () => {
    const email = uniqueEmail("jobs");
    const answer = await client.call("/api/common/storeJobsContact", { firstname: "Anitha Raj", email });
    expect(answer.body).toEqual({ Status: "success", Message: "Successfully submitted your details. we will reach you soon." });
    const row = await env.DB.prepare("select * from job_enquiries where email = ?").bind(email).first();
    expect(row).toMatchObject({ name: "Anitha Raj", phone: "", job_type: "" });
    const full = uniqueEmail("jobs-full");
    await client.call("/api/common/storeJobsContact", {
      firstname: "Anitha Raj",
      email: full,
      phone: "+91 98765 43210",
      jobType: "software engineering",
      comments: "React",
    });
    expect(await env.DB.prepare("select job_type from job_enquiries where email = ?").bind(full).first()).toEqual({
      job_type: "Software engineering",
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email }, "firstname", "Enter Name"],
      [{ firstname: "Anitha Raj" }, "email", "Enter E-mail"],
      [{ firstname: "Anitha Raj", email, phone: "12" }, "phone", "Enter Mobile Number"],
    ];
    for (const [payload, field, message] of cases) {
      expect((await client.call("/api/common/storeJobsContact", payload)).body).toEqual({
        Status: "Failed",
        error: "bad_request",
        field,
        message,
      });
    }
  });
});

describe("temple registration", () => {
  it("savetempleregistration stores the temple-signup form", async () => {
    const answer = await client.call("/api/Temple/savetempleregistration", {
      tname: "Sree Bhagavathi Temple",
      tlocation: "Kodungallur",
      tcontact: "K. Menon",
      tphone: "+91 480 2803061",
      temail: "Office@Bhagavathi.example",
      taddress: "Temple Road",
      tstate: "Kerala",
    });
    expect(answer.body).toEqual({ Status: "success", Message: "Successfully submitted your details. we will reach you soon." });
    const row = await env.DB.prepare("select * from temple_registrations where temple_name = 'Sree Bhagavathi Temple'").first();
    expect(row).toMatchObject({ location: "Kodungallur", contact_person: "K. Menon", email: "office@bhagavathi.example", state: "Kerala" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tlocation: "x", tcontact: "y", tphone: "9876543210" }, "tname", "Please provide temple name"],
      [{ tname: "x", tcontact: "y", tphone: "9876543210" }, "tlocation", "Please provide temple location"],
      [{ tname: "x", tlocation: "y", tphone: "9876543210" }, "tcontact", "Please provide temple contact person name"],
      [{ tname: "x", tlocation: "y", tcontact: "z", tphone: "call" }, "tphone", "Please provide contact number"],
    ];
    for (const [payload, field, message] of cases) {
      expect((await client.call("/api/Temple/savetempleregistration", payload)).body).toEqual({
        Status: "Failed",
        error: "bad_request",
        field,
        message,
      });
    }
  });
});
