/**
 * Writes the seed's illustrations under public/images (deities, temples, packages and the
 * pop-up announcement). Output is deterministic; re-run after changing the deity or package
 * lists and commit the files:  npx node drizzle/seed/images.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEITIES } from "./data/deities.ts";
import { TEMPLE_IMAGE_COUNT } from "./data/images.ts";
import { PACKAGES } from "./data/packages.ts";
import { deitySvg } from "./svg/deity.ts";
import { announcementSvg, packageSvg, templeSvg } from "./svg/temple.ts";

export function imageFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const deity of DEITIES) files.set(`deities/${deity.slug}.svg`, deitySvg(deity));
  for (let n = 1; n <= TEMPLE_IMAGE_COUNT; n++) files.set(`temples/temple-${String(n).padStart(2, "0")}.svg`, templeSvg(n));
  for (const [i, p] of PACKAGES.entries()) files.set(`packages/package-${i + 1}.svg`, packageSvg(i + 1, p.temples.length));
  files.set("announcements/mandala-season.svg", announcementSvg());
  return files;
}

export function writeImages(root: string): number {
  const files = imageFiles();
  for (const dir of ["deities", "temples", "packages", "announcements"]) {
    const full = join(root, dir);
    mkdirSync(full, { recursive: true });
    // Drop files no longer generated (e.g. a renamed deity).
    for (const name of readdirSync(full)) if (name.endsWith(".svg") && !files.has(`${dir}/${name}`)) rmSync(join(full, name));
  }
  for (const [path, svg] of files) writeFileSync(join(root, path), svg);
  return files.size;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../public/images");
  const count = writeImages(root);
  console.log(`wrote ${count} SVG files under ${root}`);
}
