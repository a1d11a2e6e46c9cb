import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  contactRequestSchema,
  jobEnquirySchema,
  newsletterSchema,
  submissionFailedMessage,
  templeSignupSchema,
} from "~/domain/enquiries/inputs";
import { ftsPrefixQuery } from "~/domain/catalog/temples.server";
import {
  deityLabel,
  pageWindow,
  searchTitle,
  stripDeitySuffix,
  suggestionHref,
  templeWebsiteUrl,
  textSearchHref,
} from "~/domain/catalog/temples";
import { MESSAGE_BODY_LIMIT, TEMPLE_DESCRIPTION_LIMIT, TEMPLE_NAME_LIMIT, isTruncated, truncate } from "~/domain/text";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The errors a form shows, field by field, exactly as Conform hands them to the page. */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? {} : Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
}

describe("text cuts (spec section 9)", () => {
  it("uses the spec's limits", () => {
    expect([TEMPLE_NAME_LIMIT, TEMPLE_DESCRIPTION_LIMIT, MESSAGE_BODY_LIMIT]).toEqual([40, 160, 790]);
  });

  it("cuts a temple name after 40 characters and a description after 160", () => {
    const name = "Sree Krishna Swamy Temple, Guruvayur, Thrissur";
    expect(truncate(name, 40)).toBe("Sree Krishna Swamy Temple, Guruvayur, Th…");
    expect(Array.from(truncate("a".repeat(161), 160))).toHaveLength(161);
    expect(truncate("a".repeat(160), 160)).toBe("a".repeat(160));
  });

  it("cuts event text at 790 and says when text is cut", () => {
    const body = "ॐ ".repeat(500);
    expect(isTruncated(body, 790)).toBe(true);
    expect(isTruncated(body.slice(0, 790), 790)).toBe(false);
    expect(truncate(body, 790).endsWith("…")).toBe(true);
  });
});

describe("temple search helpers", () => {
  it("builds FTS prefix queries from typed words, ignoring punctuation", () => {
    expect(ftsPrefixQuery("Guru")).toBe('"Guru"*');
    expect(ftsPrefixQuery('sree "krishna", guru')).toBe('"sree"* "krishna"* "guru"*');
    expect(ftsPrefixQuery("ഗുരുവായൂർ")).toBe('"ഗുരുവായൂർ"*');
    expect(ftsPrefixQuery("%%% ,,")).toBeNull();
  });

  it("suffixes deity names with ' Temples' and strips it back", () => {
    expect(deityLabel("Ganesha")).toBe("Ganesha Temples");
    expect(stripDeitySuffix("Ganesha Temples")).toBe("Ganesha");
    expect(stripDeitySuffix("ganesha temple")).toBe("ganesha");
    expect(stripDeitySuffix("Ganesha")).toBe("Ganesha");
  });

  it("puts key1/key2/key3 into the temples list address", () => {
    expect(suggestionHref({ kind: "deity", label: "Ganesha Temples", id: 1 })).toBe("/temples/deity/Ganesha%20Temples/1");
    expect(suggestionHref({ kind: "puja", label: "Ganapathi Homam", id: 7 })).toBe("/temples/puja/Ganapathi%20Homam/7");
    expect(textSearchHref("  sree krishna ")).toBe("/temples?key2=sree%20krishna");
    expect(textSearchHref("  ")).toBe("/temples");
  });

  it("makes an http address from the WebSite field", () => {
    expect(templeWebsiteUrl("guruvayur.sannidhi.example")).toBe("http://guruvayur.sannidhi.example");
    expect(templeWebsiteUrl("https://x.example/")).toBe("http://x.example");
    expect(templeWebsiteUrl("  ")).toBeNull();
  });

  it("titles the results by what was searched", () => {
    expect(searchTitle(undefined, undefined)).toBe("Temples");
    expect(searchTitle("deity", "Shiva")).toBe("Shiva Temples");
    expect(searchTitle("puja", "Archana")).toBe("Temples offering Archana");
    expect(searchTitle("temple", "guru")).toBe("Temples: guru");
  });

  it("pages with the first, last and neighbouring pages", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe("form validation messages (spec section 5)", () => {
  it("temple signup: name, location and contact are required; the phone must be valid", () => {
    expect(errorsOf(templeSignupSchema, {})).toEqual({
      tname: "Please provide temple name",
      tlocation: "Please provide temple location",
      tcontact: "Please provide temple contact person name",
      tphone: "Please provide contact number",
    });
    expect(errorsOf(templeSignupSchema, { tname: "  ", tlocation: "Thrissur", tcontact: "Raman", tphone: "12345" })).toEqual({
      tname: "Please provide temple name",
      tphone: "Please provide contact number",
    });
    expect(errorsOf(templeSignupSchema, { tname: "Siva Temple", tlocation: "Thrissur", tcontact: "Raman", tphone: "98470-12345" })).toEqual(
      {
        tphone: "Please provide contact number",
      },
    );
  });

  it("temple signup: e-mail, address and state are optional", () => {
    const submission = parseWithZod(form({ tname: "Siva Temple", tlocation: "Vaikom", tcontact: "K. Raman", tphone: "+91 98470 12345" }), {
      schema: templeSignupSchema,
    });
    expect(submission.status).toBe("success");
    expect(
      errorsOf(templeSignupSchema, { tname: "A", tlocation: "B", tcontact: "C", tphone: "9847012345", temail: "not-an-email" }),
    ).toEqual({ temail: "Enter valid E-mail!" });
  });

  it("jobs: 'Enter Name', 'Enter E-mail', 'Enter Mobile Number'", () => {
    expect(errorsOf(jobEnquirySchema, {})).toEqual({ name: "Enter Name", email: "Enter E-mail", phone: "Enter Mobile Number" });
    expect(errorsOf(jobEnquirySchema, { name: "M", email: "meera@", phone: "98470" })).toEqual({
      name: "Enter Name",
      email: "Enter E-mail",
      phone: "Enter Mobile Number",
    });
    expect(errorsOf(jobEnquirySchema, { name: "Meera Iyer 2", email: "meera@example.org", phone: "9847012345" })).toEqual({
      name: "Enter Name",
    });
    expect(errorsOf(jobEnquirySchema, { name: "മീര", email: "MEERA@Example.org", phone: "9847012345" })).toEqual({});
  });

  it("newsletter: 'Enter vaild E-mail'; the address is stored lower-cased", () => {
    expect(errorsOf(newsletterSchema, { intent: "newsletter", email: "" })).toEqual({ email: "Enter vaild E-mail" });
    expect(errorsOf(newsletterSchema, { intent: "newsletter", email: "devotee@" })).toEqual({ email: "Enter vaild E-mail" });
    const submission = parseWithZod(form({ intent: "newsletter", email: " Devotee@Example.ORG " }), { schema: newsletterSchema });
    expect(submission.status === "success" && submission.value.email).toBe("devotee@example.org");
  });

  it("contact box: an e-mail or a phone number, else 'Enter vaild Phone number or E-mail'", () => {
    const message = "Enter vaild Phone number or E-mail";
    expect(errorsOf(contactRequestSchema, { intent: "contact" })).toEqual({ emailOrPhone: message });
    expect(errorsOf(contactRequestSchema, { intent: "contact", emailOrPhone: "call me" })).toEqual({ emailOrPhone: message });
    expect(errorsOf(contactRequestSchema, { intent: "contact", emailOrPhone: "123456789" })).toEqual({ emailOrPhone: message });
    expect(errorsOf(contactRequestSchema, { intent: "contact", emailOrPhone: "+91 98470 12345" })).toEqual({});
    expect(errorsOf(contactRequestSchema, { intent: "contact", emailOrPhone: "devotee@example.org" })).toEqual({});
  });

  it("says how to reach support when an enquiry cannot be stored", () => {
    expect(submissionFailedMessage("+91 80 4710 2030", "support@sannidhi.example")).toBe(
      "Unable to submitted your details. please reach us at +91 80 4710 2030 or email at support@sannidhi.example",
    );
  });
});
