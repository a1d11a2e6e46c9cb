/**
 * Issue 38: the seed's landmark temples offer the sevas they are known for, at their own prices
 * and limits, in every language: Tirumala's Suprabhatam and Kalyanotsavam, Palani's
 * Panchamirtham and golden chariot, Guruvayur's Thulabharam (as Sabarimala has Neyyabhishekam).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pageText } from "../support/browser";
import { get } from "../support/public";

async function slugOf(name: string) {
  const row = await env.DB.prepare("select slug from temples where name = ?").bind(name).first<{ slug: string }>();
  expect(row, name).not.toBeNull();
  return row!.slug;
}

const SITES = {
  tirumala: "Sri Venkateswara Swamy Temple, Tirumala",
  palani: "Arulmigu Dhandayuthapani Swamy Temple, Palani",
  guruvayur: "Sree Krishna Swamy Temple, Guruvayur",
};

describe("the landmark temples' own sevas", () => {
  it("Tirumala offers its arjitha sevas at TTD's prices, with seats a day", async () => {
    const text = await pageText(await get(`/t/${await slugOf(SITES.tirumala)}`));
    for (const seva of ["Suprabhata Seva", "Thomala Seva", "Kalyanotsavam", "Sahasra Deepalankarana Seva"]) expect(text).toContain(seva);
    expect(text).toContain("₹120.00");
    expect(text).toContain("₹220.00");
  });

  it("Palani offers the Panchamirtha Abhishekam and the golden chariot, in Tamil", async () => {
    const english = await pageText(await get(`/t/${await slugOf(SITES.palani)}`));
    expect(english).toContain("Panchamirtha Abhishekam");
    expect(english).toContain("Thanga Ther");
    const tamil = await pageText(await get(`/ta/t/${await slugOf(SITES.palani)}`));
    expect(tamil).toContain("பஞ்சாமிர்த அபிஷேகம்");
    expect(tamil).toContain("தங்கத் தேர்");
  });

  it("Guruvayur offers Thulabharam and Palpayasam, in Hindi and Malayalam", async () => {
    const slug = await slugOf(SITES.guruvayur);
    expect(await pageText(await get(`/t/${slug}`))).toContain("Thulabharam");
    expect(await pageText(await get(`/hi/t/${slug}`))).toContain("तुलाभार");
    const malayalam = await pageText(await get(`/ml/t/${slug}`));
    expect(malayalam).toContain("തുലാഭാരം");
    expect(malayalam).toContain("പാൽപ്പായസം");
  });
});
