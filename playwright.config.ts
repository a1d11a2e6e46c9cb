import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/browser.ts";

const PORT = Number(process.env.E2E_PORT ?? 8790);
const executablePath = findChromium() ?? undefined;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // Whole journeys (sign up → verify → profile → sign out → sign in) on two cores shared by two
  // Chromiums and workerd took up to 28 s in CI; a test's limit is not a speed target.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  // The server starts a Razorpay emulator of its own on PORT + 1 (scripts/serve-test.ts).
  webServer: {
    command: `node scripts/serve-test.ts --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
