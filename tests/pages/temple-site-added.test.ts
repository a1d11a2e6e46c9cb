/**
 * Issue 38: on a phone, "Add to cart" on a temple site must not lose the devotee. Without
 * JavaScript the 303 brings them back to the booking form (its anchor), and the form says
 * what happened beside itself, with the way to the cart and its count, in the page's language;
 * a composed page (the cached public copy with the devotee's part) shows it as a full render does.
 */
import { describe, expect, it } from "vitest";
import { newUser, signUp, TestBrowser } from "../support/browser";
import { findPuja, offeredDate } from "../support/bookings";
import { DATA_BLOCK, part, warm } from "./support/devotee-pages";

const LANGUAGES = [
  { prefix: "", added: "Added to your cart", view: "View cart (1)" },
  { prefix: "/hi", added: "आपकी कार्ट में जोड़ दिया गया", view: "कार्ट देखें (1)" },
  { prefix: "/ta", added: "உங்கள் கார்ட்டில் சேர்க்கப்பட்டது", view: "கார்ட்டைப் பார்க்கவும் (1)" },
];

/** The booking form's heading and what stands between it and the form's fields. */
function formHead(html: string): string {
  const start = html.indexOf('<section id="book-puja"');
  expect(start, "the booking form").toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf("<form", start));
}

describe("a temple site's Add to cart", () => {
  for (const { prefix, added, view } of LANGUAGES) {
    it(`brings the devotee back to the form, which says it was added, with the cart and its count (${prefix || "/en"})`, async () => {
      const browser = new TestBrowser();
      await signUp(browser, newUser({ name: "Meera Iyer" }));
      const puja = await findPuja("direct");
      const booked = await browser.post(`${prefix}/t/${puja.slug}`, {
        form: "puja",
        templePujaId: String(puja.id),
        "devotees[0].name": "Meera Iyer",
        "devotees[0].starId": "4",
        "dates[0]": offeredDate(puja),
        quantity: "1",
      });
      expect(booked.status).toBe(303);
      const location = booked.headers.get("location")!;
      expect(location).toBe(`${prefix}/t/${puja.slug}?added=puja#book-puja`);

      // A browser asks for the address without its fragment: in full, then composed.
      const address = location.replace(/#.*$/, "");
      const fullHtml = await (await browser.get(address, { cookie: `${browser.cookieHeader()}; sn_full=1` })).text();
      expect(fullHtml).not.toMatch(DATA_BLOCK);
      await warm(`http://localhost${address}`);
      const composedHtml = await (await browser.get(address)).text();
      expect(composedHtml, "composed from the public copy").toMatch(DATA_BLOCK);
      expect(part(composedHtml, "main")).toBe(part(fullHtml, "main"));

      const head = formHead(composedHtml);
      expect(head).toContain('role="status"');
      expect(head).toContain(added);
      expect(head).toMatch(new RegExp(`<a [^>]*href="${prefix}/cart"[^>]*>${view.replace(/[()]/g, "\\$&")}</a>`));

      // The temple site itself, without the address a booking comes back to, says nothing of it.
      const plain = await (await browser.get(`${prefix}/t/${puja.slug}`)).text();
      expect(formHead(plain)).not.toContain(added);
    });
  }
});
