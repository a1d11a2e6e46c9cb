/**
 * Image paths stored in the database. The files are written by images.ts (run it after
 * changing the lists) and committed under public/images/.
 */
import type { Region } from "./states.ts";

export const TEMPLE_IMAGE_COUNT = 24;

/** Temple illustrations 01-08 are Kerala roofs, 09-16 gopurams, 17-24 shikharas. */
export type TempleStyle = "kerala" | "gopuram" | "shikhara";

export function templeStyleOf(n: number): TempleStyle {
  return n <= 8 ? "kerala" : n <= 16 ? "gopuram" : "shikhara";
}

const STYLE_OF_REGION: Record<Region, TempleStyle> = {
  kerala: "kerala",
  tamil: "gopuram",
  karnataka: "gopuram",
  telugu: "gopuram",
  west: "shikhara",
  north: "shikhara",
  east: "shikhara",
};

export function templeImage(region: Region, variant: number): string {
  const base = { kerala: 0, gopuram: 8, shikhara: 16 }[STYLE_OF_REGION[region]];
  return `/images/temples/temple-${String(base + (variant % 8) + 1).padStart(2, "0")}.svg`;
}

export function deityImage(slug: string): string {
  return `/images/deities/${slug}.svg`;
}

export function packageImage(n: number): string {
  return `/images/packages/package-${n}.svg`;
}
