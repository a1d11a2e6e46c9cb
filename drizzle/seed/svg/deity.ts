/**
 * Deity illustrations: an arch in the deity's colour, a turmeric halo with rays, a stylised
 * symbol and the deity's initial in a medallion. viewBox 0 0 400 300, well under 2 KB.
 */
import type { DeityData, DeitySymbol } from "../data/deities.ts";

export const MAROON = "#7a1f1f";
export const SAFFRON = "#e8871e";
export const TURMERIC = "#f4c430";
export const OFF_WHITE = "#fffaf2";

const line = (d: string, width = 6, colour = MAROON) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const shape = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;

/** Symbols drawn around the centre (200, 150), inside a circle of radius ~45. */
const SYMBOLS: Record<DeitySymbol, string> = {
  lamp: shape("M164 160h72q-6 26-36 26t-36-26z", MAROON) + shape("M200 112q16 20 0 40q-16-20 0-40z", SAFFRON) + line("M186 196h28", 5),
  trident: line("M200 110v80M174 118q0 34 26 36q26-2 26-36") + shape("M200 100l-7 14h14z", MAROON),
  conch:
    shape("M172 176q-12-46 26-62q34 8 26 46q-8 26-52 16z", OFF_WHITE) +
    line("M172 176q-12-46 26-62q34 8 26 46q-8 26-52 16zM186 156q6-22 24-14q6 14-12 18", 5),
  flute:
    `<g transform="rotate(-28 200 150)"><rect x="146" y="144" width="108" height="12" rx="6" ` +
    `fill="${MAROON}"/>${[170, 186, 202, 218].map((x) => `<circle cx="${x}" cy="150" r="2.5" fill="${TURMERIC}"/>`).join("")}</g>` +
    `${shape("M222 104q26 8 18 34q-22-6-18-34z", "#2f6b5a")}<circle cx="229" cy="121" r="5" fill="${TURMERIC}"/>`,
  tusk: shape("M172 178q28-82 56 0z", SAFFRON) + line("M200 120v56M188 140l4 36M212 140l-4 36", 4) + line("M166 180h68", 5),
  spear: shape("M200 100q20 26 0 52q-20-26 0-52z", SAFFRON) + line("M200 152v46") + line("M188 156h24", 5),
  lotus:
    shape("M200 112q18 22 0 48q-18-26 0-48z", SAFFRON) +
    shape("M200 160q-4-30-32-34q-2 28 32 34z", TURMERIC) +
    shape("M200 160q4-30 32-34q2 28-32 34z", TURMERIC) +
    line("M166 172q34 14 68 0", 5),
  bow: line("M178 108q44 42 0 84") + line("M178 108v84", 2) + line("M166 150h68M226 142l8 8-8 8", 5),
  mace: `<circle cx="200" cy="128" r="22" fill="${SAFFRON}"/>${line("M200 128v68", 8)}${line("M184 124h32M200 108v40", 3, TURMERIC)}`,
  sun: `<circle cx="200" cy="150" r="22" fill="${SAFFRON}"/>${line(
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      return (
        `M${(200 + 30 * Math.cos(a)).toFixed(1)} ` +
        `${(150 + 30 * Math.sin(a)).toFixed(1)}L${(200 + 42 * Math.cos(a)).toFixed(1)} ` +
        `${(150 + 42 * Math.sin(a)).toFixed(1)}`
      );
    }).join(""),
    4,
    SAFFRON,
  )}`,
  moon: `${shape("M214 112a40 40 0 1 0 0 76a32 32 0 1 1 0-76z", "#2f4f7f")}<circle cx="226" cy="128" r="3" fill="${TURMERIC}"/>`,
  wheel: `<circle cx="200" cy="150" r="36" fill="none" stroke="${MAROON}" stroke-width="6"/><circle cx="200" cy="150" r="8" fill="${SAFFRON}"/>${line(
    Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      return `M200 150L${(200 + 34 * Math.cos(a)).toFixed(1)} ${(150 + 34 * Math.sin(a)).toFixed(1)}`;
    }).join(""),
    3,
  )}`,
  book:
    shape("M158 124q22-8 42 4v56q-20-12-42-4z", SAFFRON) + shape("M242 124q-22-8-42 4v56q20-12 42-4z", TURMERIC) + line("M200 128v56", 3),
  om:
    shape("M176 124q24-10 28 10t-22 16q30-4 30 18t-34 14", OFF_WHITE) +
    line("M176 124q24-10 28 10t-22 16q30-4 30 18t-34 14M214 136q14-10 22 4q-2 24-14 36", 6),
  bell: `${shape("M176 176q0-52 24-56q24 4 24 56z", SAFFRON) + line("M170 176h60M200 108v12", 5)}<circle cx="200" cy="184" r="6" fill="${MAROON}"/>`,
  serpent:
    line("M176 196q40-10 18-40t14-40", 8, "#3f6b3a") +
    shape("M206 100q18 4 16 20q-14 4-26-4q-2-14 10-16z", "#3f6b3a") +
    `<circle cx="210" cy="110" r="2.5" fill="${TURMERIC}"/>`,
  sword: `${line("M176 188q40-30 46-86", 8) + line("M170 176l16 16", 6, SAFFRON)}<circle cx="172" cy="194" r="5" fill="${SAFFRON}"/>`,
  footprints:
    shape("M176 190q-14-40 6-50q16 10 6 50z", SAFFRON) +
    shape("M212 168q-14-40 6-50q16 10 6 50z", SAFFRON) +
    [
      [172, 134],
      [180, 130],
      [188, 133],
      [208, 112],
      [216, 108],
      [224, 111],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.5" fill="${MAROON}"/>`)
      .join(""),
};

export function deitySvg(deity: DeityData): string {
  const rays = 8 + (deity.order % 5) * 2;
  const rayPath = Array.from({ length: rays }, (_, i) => {
    const a = -Math.PI + (i * Math.PI) / (rays - 1);
    const p = (r: number) => `${(200 + r * Math.cos(a)).toFixed(1)} ${(150 + r * Math.sin(a)).toFixed(1)}`;
    return `M${p(70)}L${p(84)}`;
  }).join("");
  // On a turmeric arch the halo and rays switch to saffron so they stay visible.
  const halo = deity.colour === TURMERIC ? SAFFRON : TURMERIC;
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-label="${deity.name}">`,
    `<rect width="400" height="300" fill="${OFF_WHITE}"/>`,
    `<path d="M104 286V152a96 96 0 0 1 192 0v134z" fill="${deity.colour}"/>`,
    `<path d="M120 286V154a80 80 0 0 1 160 0v132" fill="none" stroke="${halo}" stroke-width="3" stroke-dasharray="2 7"/>`,
    line(rayPath, 4, halo),
    `<circle cx="200" cy="150" r="62" fill="${halo}"/><circle cx="200" cy="150" r="52" fill="${OFF_WHITE}"/>`,
    SYMBOLS[deity.symbol],
    `<path d="M84 286h232" stroke="${MAROON}" stroke-width="8"/>`,
    `<circle cx="200" cy="250" r="21" fill="${MAROON}" stroke="${TURMERIC}" stroke-width="3"/>`,
    `<text x="200" y="258" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" ` +
      `font-size="22" font-weight="700" fill="${OFF_WHITE}">${deity.name.charAt(0)}</text>`,
    `</svg>`,
  ].join("\n")}\n`;
}
