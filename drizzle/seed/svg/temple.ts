/**
 * Temple silhouettes (Kerala roofs, gopurams, shikharas), package banners and the
 * announcement picture. Everything is derived from the image number, so output is stable.
 */
import { templeStyleOf } from "../data/images.ts";
import type { TempleStyle } from "../data/images.ts";
import { MAROON, OFF_WHITE, SAFFRON, TURMERIC } from "./deity.ts";

const SKIES = [OFF_WHITE, "#fde9c4", "#fbd9a8", "#f6e7d0", "#fff2d6", "#f9dcc0", "#fcefd9", "#f3dfc6"];
const BODIES = [MAROON, SAFFRON, "#9c3d1b", "#5b2a1a", "#b5541c", "#7a4a1f", "#8c2f39", "#6b3f2a"];

const f = (n: number) => Number(n.toFixed(1));

/** One silhouette centred on x, standing on baseline y, `s` = scale. */
export function silhouette(style: TempleStyle, x: number, y: number, s: number, body: string, v: number): string {
  const p = (dx: number, dy: number) => `${f(x + dx * s)} ${f(y - dy * s)}`;
  const kalash = (dy: number) => `<circle cx="${f(x)}" cy="${f(y - dy * s)}" r="${f(5 * s)}" fill="${TURMERIC}"/>`;
  if (style === "kerala") {
    const w = 70 + (v % 3) * 8;
    return [
      `<path d="M${p(-w + 16, 0)}V${f(y - 46 * s)}H${f(x + (w - 16) * s)}V${f(y)}z" fill="${OFF_WHITE}" stroke="${body}" stroke-width="${f(3 * s)}"/>`,
      `<path d="M${p(-w - 8, 40)}L${p(0, 86)}L${p(w + 8, 40)}z" fill="${body}"/>`,
      `<path d="M${p(-w / 2 - 6, 82)}L${p(0, 118)}L${p(w / 2 + 6, 82)}z" fill="${body}"/>`,
      `<path d="M${p(-10, 0)}V${f(y - 30 * s)}a${f(10 * s)} ${f(10 * s)} 0 0 1 ${f(20 * s)} 0V${f(y)}z" fill="${body}"/>`,
      kalash(124),
      `<path d="M${p(w + 30, 0)}V${f(y - 70 * s)}" stroke="${body}" stroke-width="${f(5 * s)}"/>`,
      [30, 46, 62].map((dy) => `<path d="M${p(w + 22, dy)}h${f(16 * s)}" stroke="${TURMERIC}" stroke-width="${f(3 * s)}"/>`).join(""),
    ].join("");
  }
  if (style === "gopuram") {
    const tiers = 4 + (v % 4);
    const parts: string[] = [];
    let half = 58;
    let top = 0;
    for (let t = 0; t < tiers; t++) {
      const next = half - 7;
      parts.push(
        `<path d="M${p(-half, top)}L${p(-next, top + 24)}H${f(x + next * s)}L${p(half, top)}z" ` +
          `fill="${t % 2 ? body : OFF_WHITE}" stroke="${body}" stroke-width="${f(2 * s)}"/>`,
      );
      half = next;
      top += 24;
    }
    parts.push(`<path d="M${p(-half - 4, top)}q${f((half + 4) * s)} ${f(-30 * s)} ${f((half + 4) * 2 * s)} 0z" fill="${body}"/>`);
    parts.push(
      [-half / 2, 0, half / 2]
        .map((dx) => `<circle cx="${f(x + dx * s)}" cy="${f(y - (top + 18) * s)}" r="${f(4 * s)}" fill="${TURMERIC}"/>`)
        .join(""),
    );
    parts.push(`<path d="M${p(-12, 0)}V${f(y - 28 * s)}a${f(12 * s)} ${f(12 * s)} 0 0 1 ${f(24 * s)} 0V${f(y)}z" fill="${MAROON}"/>`);
    return parts.join("");
  }
  const h = 120 + (v % 4) * 12;
  return [
    `<path d="M${p(-62, 0)}V${f(y - 40 * s)}h${f(34 * s)}q${f(14 * s)} ${f(-30 * s)} ${f(28 * s)} 0V${f(y)}z" fill="${body}" opacity=".85"/>`,
    `<path d="M${p(-34, 0)}V${f(y - 50 * s)}Q${p(-34, h - 10)} ${p(0, h)}Q${p(34, h - 10)} ${p(34, 50)}V${f(y)}z" fill="${body}"/>`,
    [0.35, 0.55, 0.75]
      .map(
        (k) =>
          `<path d="M${p(-30 + k * 14, h * k)}H${f(x + (30 - k * 14) * s)}" stroke="${TURMERIC}" stroke-width="${f(2 * s)}" opacity=".7"/>`,
      )
      .join(""),
    `<ellipse cx="${f(x)}" cy="${f(y - (h + 4) * s)}" rx="${f(12 * s)}" ry="${f(5 * s)}" fill="${TURMERIC}"/>`,
    kalash(h + 14),
    `<path d="M${p(0, h + 18)}V${f(y - (h + 50) * s)}" stroke="${MAROON}" stroke-width="${f(2 * s)}"/>`,
    `<path d="M${p(0, h + 50)}l${f(24 * s)} ${f(7 * s)}l${f(-24 * s)} ${f(7 * s)}z" fill="${SAFFRON}"/>`,
    `<path d="M${p(-10, 0)}V${f(y - 26 * s)}a${f(10 * s)} ${f(10 * s)} 0 0 1 ${f(20 * s)} 0V${f(y)}z" fill="${OFF_WHITE}"/>`,
  ].join("");
}

function frame(label: string, sky: string, inner: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" ` +
    `aria-label="${label}">\n<rect width="400" height="300" fill="${sky}"/>\n${inner}\n</svg>\n`
  );
}

export function templeSvg(n: number): string {
  const style = templeStyleOf(n);
  const v = n - 1;
  const body = BODIES[(v * 3) % BODIES.length]!;
  const sunX = 60 + ((v * 53) % 280);
  const sun =
    v % 3 === 2
      ? `<path d="M${sunX + 12} 40a22 22 0 1 0 0 40a18 18 0 1 1 0-40z" fill="${TURMERIC}"/>`
      : `<circle cx="${sunX}" cy="60" r="${20 + (v % 3) * 4}" fill="${TURMERIC}" opacity=".9"/>`;
  const hills = `<path d="M0 250Q${80 + (v % 5) * 20} ${200 - (v % 3) * 10} 200 240T400 ${230 + (v % 4) * 6}V300H0z" fill="${v % 2 ? "#e9c98f" : "#efd5a3"}"/>`;
  const ground = `<path d="M0 262H400V300H0z" fill="${MAROON}" opacity=".9"/>`;
  const height = style === "kerala" ? 130 : style === "gopuram" ? (4 + (v % 4)) * 24 + 40 : 120 + (v % 4) * 12 + 64;
  const scale = Math.min(1.4, 230 / height);
  return frame(
    `Temple illustration ${n}`,
    SKIES[v % SKIES.length]!,
    [sun, hills, silhouette(style, 200, 262, scale, body, v), ground].join("\n"),
  );
}

const PACKAGE_STYLES: readonly TempleStyle[] = ["gopuram", "shikhara", "kerala"];

export function packageSvg(n: number, stops: number): string {
  const count = Math.max(2, Math.min(5, stops));
  const xs = Array.from({ length: count }, (_, i) => 40 + ((i + 0.5) * 320) / count);
  const scale = count > 3 ? 0.42 : 0.55;
  const path =
    `<path d="M${xs.map((x, i) => `${x.toFixed(0)} ${i % 2 ? 252 : 240}`).join("L")}" fill="none" ` +
    `stroke="${MAROON}" stroke-width="3" stroke-dasharray="6 6"/>`;
  const temples = xs
    .map((x, i) => silhouette(PACKAGE_STYLES[(n + i) % 3]!, x, i % 2 ? 226 : 214, scale, BODIES[(n + i) % BODIES.length]!, n + i))
    .join("");
  const dots = xs
    .map((x, i) => `<circle cx="${x.toFixed(0)}" cy="${i % 2 ? 252 : 240}" r="7" fill="${SAFFRON}" stroke="${MAROON}" stroke-width="2"/>`)
    .join("");
  const badge =
    `<circle cx="352" cy="48" r="26" fill="${MAROON}"/><text x="352" y="56" text-anchor="middle" ` +
    `font-family="Georgia,serif" font-size="22" font-weight="700" fill="${OFF_WHITE}">${stops}</text>`;
  return frame(
    `Pilgrimage package ${n}`,
    SKIES[n % SKIES.length]!,
    [`<path d="M0 270H400V300H0z" fill="${TURMERIC}" opacity=".6"/>`, temples, path, dots, badge].join("\n"),
  );
}

export function announcementSvg(): string {
  const lamps = [70, 130, 270, 330]
    .map(
      (x) =>
        `<path d="M${x - 14} 250h28q-4 14-14 14t-14-14z" fill="${MAROON}"/><path d="M${x} 226q8 10 0 20q-8-10 0-20z" fill="${SAFFRON}"/>`,
    )
    .join("");
  return frame(
    "Mandala season at Sabarimala",
    "#fde9c4",
    [
      `<circle cx="300" cy="70" r="30" fill="${TURMERIC}"/>`,
      `<path d="M0 220L120 110L200 170L280 90L400 200V300H0z" fill="#3f6b3a"/>`,
      `<path d="M0 250L150 160L260 220L400 170V300H0z" fill="#2f5230"/>`,
      silhouette("kerala", 200, 262, 0.55, MAROON, 1),
      `<path d="M0 262H400V300H0z" fill="${MAROON}"/>`,
      lamps,
    ].join("\n"),
  );
}
