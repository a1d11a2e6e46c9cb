/**
 * Issue 38 against the built Worker: a donation that asks for the 80G receipt (the box, or a PAN)
 * needs the donor's postal address (typed, or one of theirs chosen), says what is missing in the
 * page's language, keeps the address with the donation, and the receipt and the temple's Form
 * 10BD print it. A donation that asks for no receipt needs none.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pdfText } from "../support/pdf-helpers";
import { pageText, signIn, TestBrowser } from "../support/browser";
import { count, newCustomer } from "../support/bookings";
import { DONOR_ADDRESS, DONOR_ADDRESS_LINE, donateAt, type Made, makeTemple, payCart, TODAY } from "../support/trust";

function askReceipt(browser: TestBrowser, temple: Made, fields: Record<string, string>, path = `/t/${temple.slug}`) {
  return browser.post(path, {
    form: "donation",
    donationPurposeId: String(temple.general),
    amount: "2501",
    devoteeName: "Meera Nair",
    eightyG: "on",
    ...fields,
  });
}

const donationLines = (customerId: number) =>
  count("select count(*) as n from cart_items where customer_id = ? and item_type = 'DONATION'", customerId);

async function staffOf(temple: Made) {
  const { user, customerId } = await newCustomer();
  await env.DB.batch([
    env.DB.prepare("update customers set role = 'staff' where id = ?").bind(customerId),
    env.DB.prepare("insert into temple_staff (customer_id, temple_id) values (?, ?)").bind(customerId, temple.id),
  ]);
  const staff = new TestBrowser();
  expect((await signIn(staff, user.email, user.password)).status).toBe(302);
  return staff;
}

describe("the 80G receipt's donor address", () => {
  it("shows the address fields with the 80G option, and refuses the receipt without an address, in English and Hindi", async () => {
    const temple = await makeTemple({ verified: true, eightyG: "valid" });
    const { browser, customerId } = await newCustomer();
    // Without JavaScript the fields are there to fill in, beside the box that asks for the receipt.
    const html = await (await browser.get(`/t/${temple.slug}`)).text();
    const form = await pageText(new Response(/<form[^>]*id="donation-form"[\s\S]*?<\/form>/.exec(html)?.[0] ?? ""));
    for (const label of ["I want an 80G receipt for this donation", "House name and street", "District", "Pin code"])
      expect(form).toContain(label);
    // Only what the receipt prints: no receiver's name, second line or phone as a prasad parcel has.
    for (const label of ["Name of the receiver", "Area or post office", "Mobile (optional)", "District (optional)"])
      expect(form).not.toContain(label);

    const english = await askReceipt(browser, temple, {});
    expect(english.status).toBe(400);
    const text = await pageText(english);
    for (const message of [
      "Enter the house name or street",
      "Enter the city or town",
      "Enter the district",
      "Enter the state",
      "Enter a 6-digit pin code",
    ])
      expect(text).toContain(message);
    // A PAN asks for the receipt too; a pin code must have six digits.
    const withPan = await askReceipt(browser, temple, { eightyG: "", pan: "ABCPN1234M", ...DONOR_ADDRESS, addressPostalCode: "68010" });
    expect(withPan.status).toBe(400);
    expect(await pageText(withPan)).toContain("Enter a 6-digit pin code");

    const hindi = await askReceipt(browser, temple, { addressLine1: "12 East Nada" }, `/hi/t/${temple.slug}`);
    expect(hindi.status).toBe(400);
    const hindiText = await pageText(hindi);
    expect(hindiText).toContain("ज़िला दर्ज करें");
    expect(hindiText).toContain("राज्य दर्ज करें");
    expect(hindiText).not.toContain("मकान का नाम या गली दर्ज करें");
    expect(await donationLines(customerId)).toBe(0);

    // No receipt asked: no address needed.
    expect((await donateAt(browser, temple, temple.general, "501")).status).toBe(303);
    expect(await env.DB.prepare("select donor_address from cart_items where customer_id = ?").bind(customerId).first()).toEqual({
      donor_address: null,
    });
  });

  it("keeps the typed address with the donation, prints it on the receipt and gives it to the temple's Form 10BD", async () => {
    const temple = await makeTemple({ verified: true, eightyG: "valid" });
    const { browser, customerId, user } = await newCustomer();
    expect((await askReceipt(browser, temple, { pan: "abcpn1234m", ...DONOR_ADDRESS })).status).toBe(303);
    expect(await env.DB.prepare("select donor_address from cart_items where customer_id = ?").bind(customerId).first()).toEqual({
      donor_address: DONOR_ADDRESS_LINE,
    });
    // Saved for next time: the form offers it.
    expect(await pageText(await browser.get(`/t/${temple.slug}`))).toContain("12 East Nada, Guruvayur 680101");

    const booking = await payCart(browser, customerId);
    const pdf = await browser.get(`/account/transactions/${booking.tracking_no}/receipt.pdf`);
    const receipt = (await pdfText(await pdf.arrayBuffer())).replace(/\s+/g, " ");
    expect(receipt).toContain(`Donor: ${user.name}, ${DONOR_ADDRESS_LINE}`);
    expect(receipt).toContain("PAN of the donor: ABCPN1234M");

    const staff = await staffOf(temple);
    const year = Number(TODAY.slice(5, 7)) >= 4 ? Number(TODAY.slice(0, 4)) : Number(TODAY.slice(0, 4)) - 1;
    const csv = (await (await staff.get(`/desk/${temple.id}/form-10bd.csv?year=${year}`)).text()).split("\r\n");
    expect(csv[1]).toContain(`"ABCPN1234M","Section 80G"`);
    expect(csv[1]).toContain(`"${user.name}","${DONOR_ADDRESS_LINE}","Others"`);
  }, 60_000);

  it("takes one of the donor's saved addresses, and refuses someone else's", async () => {
    const temple = await makeTemple({ verified: true, eightyG: "valid" });
    const { browser, customerId } = await newCustomer();
    const other = await newCustomer();
    const insert =
      "insert into addresses (customer_id, name, line1, line2, city, district, state, postal_code) values (?, ?, ?, ?, ?, ?, ?, ?) returning id";
    const mine = await env.DB.prepare(insert)
      .bind(customerId, "Meera Nair", "Nair Bhavan, 4 Temple Road", "Punkunnam", "Thrissur", "Thrissur", "Kerala", "680002")
      .first<{ id: number }>();
    const theirs = await env.DB.prepare(insert)
      .bind(other.customerId, "Someone", "1 Other Street", "", "Kochi", "Ernakulam", "Kerala", "682001")
      .first<{ id: number }>();

    const refused = await askReceipt(browser, temple, { addressId: String(theirs!.id) });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Choose one of your addresses");
    expect(await donationLines(customerId)).toBe(0);

    expect((await askReceipt(browser, temple, { addressId: String(mine!.id) })).status).toBe(303);
    expect(await env.DB.prepare("select donor_address from cart_items where customer_id = ?").bind(customerId).first()).toEqual({
      donor_address: "Nair Bhavan, 4 Temple Road, Punkunnam, Thrissur, Thrissur, Kerala 680002",
    });
  });

  it("refuses the receipt at a temple without 80G", async () => {
    const temple = await makeTemple({ verified: true });
    const { browser, customerId } = await newCustomer();
    expect((await askReceipt(browser, temple, DONOR_ADDRESS)).status).toBe(400);
    expect(await donationLines(customerId)).toBe(0);
  });
});
