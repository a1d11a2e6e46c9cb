/** My Transactions' records: receipts as PDF, puja videos with Range, removal; all for their owner only. */
import { DONOR_ADDRESS, DONOR_ADDRESS_LINE } from "../support/trust";
import { env } from "cloudflare:workers";
// The bundled ES build: the package's es/ folder uses extensionless imports that workerd cannot load.
import { PDFDocument } from "pdf-lib/dist/pdf-lib.esm.js";
import { beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "~/domain/text";
import { pageText, TestBrowser } from "../support/browser";
import { pdfText } from "../support/pdf-helpers";
import { bookPuja, count, demoBrowser, findDonationPurpose, findPuja, newCustomer, openCheckout, gateway } from "../support/bookings";

const VIDEO_SIZE = 64 * 1024;
let demoVideo: { trackingNo: string; lineId: number; key: string };

beforeAll(async () => {
  const row = await env.DB.prepare(
    `select t.tracking_no as trackingNo, l.id as lineId, l.video_key as key from transaction_lines l
     join transactions t on t.id = l.transaction_id join customers c on c.id = t.customer_id
     where c.email = 'devotee@sannidhi.example' and l.video_key is not null and t.deleted_at is null order by l.id limit 1`,
  ).first<typeof demoVideo>();
  expect(row).toBeTruthy();
  demoVideo = row!;
  const bytes = new Uint8Array(VIDEO_SIZE).map((_, i) => i % 251);
  await env.VIDEOS.put(demoVideo.key, bytes, { httpMetadata: { contentType: "video/webm" } });
});

describe("receipts", () => {
  it("gives the owner a PDF with the portal, temples, numbers, lines, totals and 80G details", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct");
    await bookPuja(browser, puja);
    const purpose = await findDonationPurpose(true);
    const donated = await browser.post(`/t/${purpose.slug}`, {
      form: "donation",
      donationPurposeId: String(purpose.id),
      amount: "1001",
      devoteeName: "Meera Iyer",
      pan: "abcde1234f",
      // A PAN asks for the 80G receipt, whose Form 10BE needs the donor's address.
      ...DONOR_ADDRESS,
    });
    expect(donated.status).toBe(303);
    const { orderId } = await openCheckout(browser);
    expect((await browser.post("/payments/callback", await gateway.pay(orderId))).status).toBe(303);
    const booking = await env.DB.prepare("select tracking_no, receipt_no, total from transactions where customer_id = ?")
      .bind(customerId)
      .first<{ tracking_no: string; receipt_no: string; total: number }>();
    expect(booking!.total).toBe(puja.rate + 100_100);

    const response = await browser.get(`/account/transactions/${booking!.tracking_no}/receipt.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = await response.arrayBuffer();
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toContain(booking!.receipt_no);
    const text = await pdfText(bytes);
    expect(text).toContain("Sannidhi");
    expect(text).toContain(`Receipt No: ${booking!.receipt_no}`);
    expect(text).toContain(`Tracking No: ${booking!.tracking_no}`);
    // Amounts as the pages show them: ₹ with Indian grouping ("₹1,001.00").
    expect(text).toContain(`Grand total: ${formatRupees(booking!.total)}`);
    expect(text).toContain(formatRupees(100_100));
    expect(text).not.toContain("Rs.");
    expect(text).toContain("80G registration");
    expect(text).toContain("PAN of the donor: ABCDE1234F");
    expect(text).toContain(DONOR_ADDRESS_LINE);

    const completed = await pageText(await browser.get("/account?tab=transactions&view=completed"));
    expect(completed).toContain(booking!.receipt_no);
    expect(completed).toContain(booking!.tracking_no);
    // A PDF loads its fonts on first use in a Worker: slower than a page.
  }, 30_000);

  it("answers 404 to another customer and to visitors", async () => {
    const path = `/account/transactions/${demoVideo.trackingNo}/receipt.pdf`;
    expect((await (await demoBrowser()).get(path)).status).toBe(200);
    const { browser } = await newCustomer();
    expect((await browser.get(path)).status).toBe(404);
    expect((await new TestBrowser().get(path)).status).toBe(404);
  });
});

describe("puja videos", () => {
  const path = () => `/videos/${demoVideo.trackingNo}/${demoVideo.lineId}`;

  it("streams the whole video, byte ranges, suffixes, and refuses ranges past the end", async () => {
    const demo = await demoBrowser();
    const whole = await demo.get(path());
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect((await whole.arrayBuffer()).byteLength).toBe(VIDEO_SIZE);

    const first = await demo.get(path(), { range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${VIDEO_SIZE}`);
    expect(first.headers.get("content-length")).toBe("100");
    expect([...new Uint8Array(await first.arrayBuffer())].slice(0, 3)).toEqual([0, 1, 2]);

    const middle = await demo.get(path(), { range: "bytes=1000-" });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 1000-${VIDEO_SIZE - 1}/${VIDEO_SIZE}`);
    expect((await middle.arrayBuffer()).byteLength).toBe(VIDEO_SIZE - 1000);

    const tail = await demo.get(path(), { range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())[9]).toBe((VIDEO_SIZE - 1) % 251);

    const beyond = await demo.get(path(), { range: `bytes=${VIDEO_SIZE}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${VIDEO_SIZE}`);
  });

  it("is 404 for another customer, visitors, and lines without a video", async () => {
    const { browser } = await newCustomer();
    expect((await browser.get(path())).status).toBe(404);
    expect((await new TestBrowser().get(path(), { range: "bytes=0-9" })).status).toBe(404);
    expect((await (await demoBrowser()).get(`/videos/${demoVideo.trackingNo}/999999`)).status).toBe(404);
  });
});

describe("removing a booking from My Transactions", () => {
  it("hides it for its owner with the server's message and never touches another customer's", async () => {
    const { browser, customerId } = await newCustomer();
    const intruder = await browser.post("/account/transactions", { intent: "remove", trackingNo: demoVideo.trackingNo });
    expect(intruder.status).toBe(303);
    expect(await pageText(await browser.get(intruder.headers.get("location")!))).toContain("We could not find that booking in your list.");
    expect(await count("select count(*) as n from transactions where tracking_no = ? and deleted_at is null", demoVideo.trackingNo)).toBe(
      1,
    );

    await bookPuja(browser, await findPuja("direct"));
    const { orderId } = await openCheckout(browser);
    await browser.post("/payments/callback", await gateway.pay(orderId));
    const own = await env.DB.prepare("select tracking_no from transactions where customer_id = ?")
      .bind(customerId)
      .first<{ tracking_no: string }>();
    const removed = await browser.post("/account/transactions", { intent: "remove", trackingNo: own!.tracking_no });
    const text = await pageText(await browser.get(removed.headers.get("location")!));
    expect(text).toContain("The booking has been removed from your list.");
    expect(text).not.toContain(own!.tracking_no);
  });

  it("keeps another customer out of checkout pages", async () => {
    const { browser } = await newCustomer();
    await bookPuja(browser, await findPuja("direct"));
    const { orderId } = await openCheckout(browser);
    const other = (await newCustomer()).browser;
    expect((await other.get(`/checkout/pay/${orderId}`)).status).toBe(404);
    expect((await other.get(`/checkout/done/${orderId}`)).status).toBe(404);
  });
});
