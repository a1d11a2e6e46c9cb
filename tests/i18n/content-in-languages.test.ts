/**
 * Issue 39: the seed's content in the page's language. The landmark temples are named as
 * devotees write them (cards, temple site, suggestions with the English name beside them) and
 * found by those names; their descriptions, the states, the donation purposes and the site's
 * announcement read in Hindi and Tamil on Hindi and Tamil pages.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pageText, TestBrowser } from "../support/browser";
import { signedIn } from "../support/staff";

type Suggestion = { kind: string; label: string; text?: string; id: number };

const templeOf = async (key: string) =>
  (await env.DB.prepare("select id, slug, display_name as displayName from temples where display_name = ?")
    .bind(key)
    .first<{ id: number; slug: string; displayName: string }>())!;
const suggestions = async (path: string) => ((await (await new TestBrowser().get(path)).json()) as { items: Suggestion[] }).items;
const search = (locale: string, text: string) => `/${locale}/api/suggest?list=search&q=${encodeURIComponent(text)}`;

describe("the landmark temples in Hindi and Tamil", () => {
  it("a Hindi list of temples names Meenakshi Amman Temple in Hindi, with its Hindi description and state", async () => {
    const text = await pageText(await new TestBrowser().get(`/hi/temples?key1=temple&key2=Meenakshi`));
    expect(text).toContain("मीनाक्षी अम्मन मंदिर, मदुरै");
    expect(text).toContain("मीनाक्षी का प्रसिद्ध धाम");
    expect(text).toContain("तमिलनाडु");
    expect(text).not.toContain("Meenakshi Amman Temple, Madurai");
  });

  it("a Tamil temple site of Palani names it in Tamil and describes it in Tamil", async () => {
    const palani = await templeOf("Palani Murugan Temple");
    const text = await pageText(await new TestBrowser().get(`/ta/t/${palani.slug}`));
    expect(text).toContain("பழனி முருகன் கோயில்");
    expect(text).toContain("முருகன் குடிகொண்டிருக்கும் புகழ்பெற்ற திருத்தலம்");
    expect(text).not.toContain("Palani Murugan Temple");
    // The English site keeps English.
    expect(await pageText(await new TestBrowser().get(`/t/${palani.slug}`))).toContain("Palani Murugan Temple");
  });

  it("a Hindi suggestion is labelled in Hindi, with the English name beside it", async () => {
    const meenakshi = await templeOf("Meenakshi Amman Temple, Madurai");
    const items = await suggestions(search("hi", "मीनाक्षी"));
    expect(items.find((item) => item.kind === "temple" && item.id === meenakshi.id)).toMatchObject({
      label: "Meenakshi Amman Temple, Madurai",
      text: "मीनाक्षी अम्मन मंदिर, मदुरै",
    });
  });

  it("searching a name only the Tamil or Hindi one has finds the temple", async () => {
    const thousandPillar = await templeOf("Thousand Pillar Temple");
    const tamil = await suggestions(search("ta", "ஆயிரம் தூண்"));
    expect(tamil.find((item) => item.id === thousandPillar.id)?.text).toBe("ஆயிரம் தூண் கோயில், ஹனமகொண்டா");
    const hindi = await suggestions(search("hi", "हजार स्तंभ"));
    expect(hindi.find((item) => item.id === thousandPillar.id)?.text).toBe("हजार स्तंभ मंदिर, हनमकोंडा");
    // The temples list finds it by the Hindi name too.
    const list = await pageText(await new TestBrowser().get(`/hi/temples?key1=temple&key2=${encodeURIComponent("हजार स्तंभ")}`));
    expect(list).toContain("हजार स्तंभ मंदिर, हनमकोंडा");
  });
});

describe("seeded content in Hindi and Tamil", () => {
  it("the states of the temple filter are in the page's script", async () => {
    expect(await pageText(await new TestBrowser().get("/ta/temples"))).toContain("தமிழ்நாடு");
    expect(await pageText(await new TestBrowser().get("/hi/temples"))).toContain("तमिलनाडु");
  });

  it("a temple site's donation purposes are in the page's language", async () => {
    const purpose = await env.DB.prepare(
      `select t.slug from donation_purposes d join temples t on t.id = d.temple_id
       where d.name = 'General Donation' and d.active = 1 and t.online_booking = 1 order by t.id limit 1`,
    ).first<{ slug: string }>();
    // The donation form is for a signed-in devotee.
    const devotee = await signedIn({ email: "devotee@sannidhi.example", password: "Devotee@2026" });
    const tamil = await pageText(await devotee.get(`/ta/t/${purpose!.slug}`));
    expect(tamil).toContain("பொது நன்கொடை");
    expect(tamil).not.toContain("General Donation");
    expect(await pageText(await devotee.get(`/hi/t/${purpose!.slug}`))).toContain("सामान्य दान");
    expect(await pageText(await devotee.get(`/t/${purpose!.slug}`))).toContain("General Donation");
  });

  it("the Mandala season announcement reads whole in Hindi and Tamil", async () => {
    // The pop-up opens in the browser from the page's data, which the page carries.
    const hindi = await (await new TestBrowser().get("/hi/")).text();
    expect(hindi).toContain("मंडल काल की बुकिंग शुरू हो गई है");
    expect(hindi).toContain("सबरीमला और अन्य अय्यप्पा मंदिरों में");
    expect(hindi).not.toContain("Mandala season bookings are open");
    const tamil = await (await new TestBrowser().get("/ta/")).text();
    expect(tamil).toContain("மண்டல காலப் பதிவுகள் தொடங்கிவிட்டன");
    expect(tamil).not.toContain("Book Neyyabhishekam");
    expect(await (await new TestBrowser().get("/")).text()).toContain("Mandala season bookings are open");
  });
});
