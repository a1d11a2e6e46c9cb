/** The one email layout (issue 12): account and desk emails read exactly as before, in one document shape. */
import { describe, expect, it } from "vitest";
import { passwordChangedEmail, signupCodeEmail } from "~/domain/accounts/emails.server";
import { prasadDispatchEmail } from "~/domain/bookings/desk/devotee-emails.server";
import { emailLayout, preformattedEmail } from "~/lib/email-layout.server";

/** What a reader sees of an HTML email: the body's text, spaces collapsed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function expectDocument(html: string) {
  expect(html).toMatch(/^<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>/);
  const fonts = /<body style="[^"]*font-family:([^;"]+)/.exec(html)?.[1] ?? "";
  expect(fonts.split(",")[0]).toBe("'Noto Sans'");
  expect(fonts.split(",").at(-1)).toBe("sans-serif");
}

const line = {
  email: "meera@example.org",
  firstName: "Meera",
  itemName: "Archana & Pushpanjali",
  devoteeName: "മീര അയ്യർ",
  templeName: "Guruvayur Temple",
  trackingNo: "EE123456789IN",
  receiptNo: "SN-2027-000001",
  locale: "en" as const,
};

describe("the email layout", () => {
  it("keeps the desk's prasad email word for word, with no footer", () => {
    const mail = prasadDispatchEmail("Sannidhi", "https://sannidhi.example", line);
    expect(mail.subject).toBe("Prasad sent by post: tracking number EE123456789IN");
    expect(mail.text).toBe(
      [
        "Namaste Meera,",
        "",
        "Guruvayur Temple has sent the prasad of Archana & Pushpanjali for മീര അയ്യർ (receipt SN-2027-000001) by post.",
        "",
        "Postal tracking number: EE123456789IN",
        "",
        "See your bookings: https://sannidhi.example/account?tab=transactions",
        "",
        "— Sannidhi",
      ].join("\n"),
    );
    expectDocument(mail.html);
    expect(mail.html).toContain("Archana &amp; Pushpanjali");
    expect(mail.html).not.toContain("font-size:14px");
    expect(visibleText(mail.html)).toBe(
      "Sannidhi Namaste Meera, Guruvayur Temple has sent the prasad of Archana & Pushpanjali for മീര " +
        "അയ്യർ (receipt SN-2027-000001) by post. Postal tracking number: EE123456789IN See your bookings",
    );
  });

  it("keeps the account emails word for word, code and footer included", () => {
    const changed = passwordChangedEmail({ siteName: "Sannidhi", firstName: "Meera", supportEmail: "help@sannidhi.example" });
    expect(changed.text).toBe(
      [
        "Namaste Meera,",
        "",
        "The password of your Sannidhi account was just changed, and every other device was signed out.",
        "",
        "If this was not you, reset your password from the sign-in page and write to help@sannidhi.example.",
        "",
        "— Sannidhi",
      ].join("\n"),
    );
    expectDocument(changed.html);
    const signup = signupCodeEmail({
      siteName: "Sannidhi",
      origin: "https://sannidhi.example",
      email: "m@example.org",
      firstName: "Meera",
      code: "DV123456",
    });
    expect(signup.text).toContain(
      "\n\nYour code: DV123456\n\nOr confirm your email address here: " +
        "https://sannidhi.example/verify-email?email=m%40example.org&code=DV123456\n\nIf you did not sign " +
        "up",
    );
    expect(signup.html).toContain('<p style="font-size:26px;font-weight:700;letter-spacing:3px;color:#7a1f1f">DV123456</p>');
    expect(signup.html).toContain('href="https://sannidhi.example/verify-email?email=m%40example.org&amp;code=DV123456"');
    expect(visibleText(signup.html)).toMatch(
      /^Sannidhi Namaste Meera, Thank you for signing up .* DV123456 Or confirm your email address here If you did not sign up to Sannidhi, .*code\.$/,
    );
  });

  it("escapes what it is given, in the title too", () => {
    const { html } = emailLayout({ siteName: "<Sannidhi>", greeting: "Hi 'you'", paragraphs: ["a < b"] });
    expect(html).toContain("<title>&lt;Sannidhi&gt;</title>");
    expect(html).toContain("<p>Hi &#39;you&#39;</p>");
    expect(html).not.toContain("<a ");
  });

  it("lays a receipt's lines out as they are, in the same document", () => {
    const html = preformattedEmail("Sannidhi receipt SN-1", "Namaste <Meera>,\n  Archana x1: ₹100.00");
    expectDocument(html);
    expect(html).toContain('<pre style="font-family:inherit;white-space:pre-wrap">Namaste &lt;Meera&gt;,\n  Archana x1: ₹100.00</pre>');
  });
});
