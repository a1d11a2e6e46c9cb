/**
 * Issue 30: what a page is never read from its address's text alone, which in five of six
 * languages starts with a prefix (/ml/checkout/pay/…); and the legacy API's notes say what
 * the server does with LanguageID.
 */
import { describe, expect, it } from "vitest";
import apiNotes from "../../docs/api.md?raw";
import routeTable from "../../app/routes.ts?raw";
import { ANNOUNCEMENT_ROUTES } from "~/components/layout/announcement-routes";
import { documentContentSecurityPolicy } from "~/lib/security-headers.server";

describe("where the announcement may pop up", () => {
  it("is a list of route ids (so /ml/login is the login route), each a route of app/routes.ts", () => {
    for (const id of ANNOUNCEMENT_ROUTES) {
      expect(routeTable.includes(`id: "${id}"`) || routeTable.includes(`"${id}.tsx"`), id).toBe(true);
    }
    for (const task of [
      "routes/login",
      "routes/verify-email",
      "routes/cart/route",
      "routes/checkout",
      "routes/account/route",
      "routes/temple-site/route",
    ]) {
      expect(ANNOUNCEMENT_ROUTES.has(task), task).toBe(false);
    }
  });
});

describe("the Razorpay payment page's form-action", () => {
  it("lets the payment page post to Razorpay in every language, and no other page", () => {
    for (const prefix of ["", "/ml", "/hi", "/ta", "/te", "/kn"]) {
      const csp = documentContentSecurityPolicy("n", new URL(`https://sannidhi.example${prefix}/checkout/pay/order_1`));
      expect(csp, prefix || "/").toContain("form-action 'self' https://api.razorpay.com");
    }
    for (const path of ["/ml/cart", "/checkout", "/xx/checkout/pay/order_1", "/account/checkout/pay/x"]) {
      expect(documentContentSecurityPolicy("n", new URL(`https://sannidhi.example${path}`)), path).toContain("form-action 'self';");
    }
  });
});

describe("docs/api.md", () => {
  it("says what LanguageID does: it chooses the answer's language, and an unknown one answers English", () => {
    expect(apiNotes).not.toMatch(/LanguageID: only 1 exists/);
    expect(apiNotes).not.toMatch(/anything else is a 400 naming\s+`LanguageID`/);
    expect(apiNotes).toMatch(/1 English, 2 Hindi, 3 Tamil, 4 Malayalam, 5 Telugu,\s+6 Kannada/);
  });
});
