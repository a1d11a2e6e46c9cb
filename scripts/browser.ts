/**
 * Finds a Chromium for the e2e tests, or installs one, and says what it did:
 * Debian's /usr/bin/chromium when present; else Playwright's own build when already
 * downloaded; else `playwright install chromium`; else (as root, on Debian) apt-get.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

function playwrightChromium(): string | null {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

export function findChromium(): string | null {
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return playwrightChromium();
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) {
    console.log(`e2e browser: using ${found}`);
    return found;
  }
  console.log("e2e browser: none found; trying `playwright install chromium` ...");
  spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  const downloaded = playwrightChromium();
  if (downloaded) {
    console.log(`e2e browser: installed Playwright's Chromium at ${downloaded}`);
    return downloaded;
  }
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("e2e browser: download failed; installing Debian's chromium with apt-get ...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (existsSync(SYSTEM_CHROMIUM)) {
      console.log(`e2e browser: installed ${SYSTEM_CHROMIUM}`);
      return SYSTEM_CHROMIUM;
    }
  }
  throw new Error("No Chromium for the e2e tests: install Debian's `chromium` package or run `npx playwright install chromium`.");
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
