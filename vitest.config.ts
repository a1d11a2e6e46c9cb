import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { existsSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { evalSeedStatements, testSeedStatements } from "./tests/support/seed-fixture.ts";
import { EMULATOR_KEYS, PHONE_KEYS, TEST_VARS } from "./tests/support/test-vars.ts";

/**
 * Worker tests run inside workerd with real D1/KV/R2 bindings: pages against the production
 * build of the Worker (`npm test` builds first), the rest from source (see the projects below).
 */
const buildDir = process.env.BUILD_DIR ?? "build";

/** The React Router server build inside the built Worker (its file name carries a content hash). */
function builtServerBuild() {
  const assets = resolve(`${buildDir}/server/assets`);
  const name = existsSync(assets) ? readdirSync(assets).find((file) => /^server-build-[\w-]+\.js$/.test(file)) : undefined;
  return resolve(assets, name ?? "server-build-missing.js");
}

/**
 * Files that take far longer than the rest start first, so the other workers share out the
 * rest meanwhile instead of waiting for them at the end (the fuzz files send 10,000+
 * requests between them, about a third of the suite's time: three long files and a short
 * one for the legacy paths; the money path's chaos run makes 320 checkouts at the emulator).
 */
const LONG_RUNNING = /\/(fuzz-(public|devotee|staff)|search-text|accounts-security|ledger-chaos-emulator)\.test\.ts$/;
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => LONG_RUNNING.test(f.moduleId)), ...sorted.filter((f) => !LONG_RUNNING.test(f.moduleId))];
  }
}

/**
 * Two projects with the same bindings and seed. The bindings are the wrangler config's (the
 * source one's, or the build's wrangler.json): D1, KV, R2 and the WAITING_ROOM Durable Object,
 * whose class the Worker's main module exports, so tests run the real waiting room in workerd
 * (SQLite-backed, as its migration in wrangler.toml says). The projects:
 * Tests live by what they test (tests/<area>/, each area's helpers in its support/ folder, the
 * shared ones in tests/support/); the file's name says which project runs it:
 * - `source` (`*.source.test.ts`): the domain, the infrastructure and the legacy API run from
 *   source, the Worker being workers/app.ts itself with no pages in it (a page request fails
 *   the test, see tests/support/no-pages.ts). Needs no build: `npm run test:source`.
 * - `worker` (every other `*.test.ts`): the production build (build/server), pages included.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  const seed = await testSeedStatements();
  // The search evaluation (tests/catalog/search-eval.source.test.ts) ranks against the portal as seeded
  // (1,000 temples), in a database of its own beside the tests' smaller one.
  const evalSeed = await evalSeedStatements();
  const bindings = {
    TEST_MIGRATIONS: migrations,
    TEST_SEED: seed,
    SESSION_SECRET: "test-only-secret-0123456789abcdef0123456789abcdef",
    // Local-only switches and the contact details the tests check.
    ...TEST_VARS,
    // The Razorpay and phone emulators' keys; their addresses come from the global setup that starts them.
    ...EMULATOR_KEYS,
    ...PHONE_KEYS,
  };
  /** The Worker's bindings with the addresses of the emulators this run started (tests/support/emulator-setup.ts). */
  const withEmulator =
    (extra: Record<string, unknown> = {}) =>
    ({ inject }: { inject: <T = unknown>(key: string) => T }) => ({
      bindings: {
        ...bindings,
        ...extra,
        RAZORPAY_API_BASE: inject<string>("razorpayApiBase"),
        WHATSAPP_API_BASE: inject<string>("whatsappApiBase"),
        MSG91_API_BASE: inject<string>("msg91ApiBase"),
        // Used only with a Resend key, which only the tests that send through Resend set.
        RESEND_API_BASE: inject<string>("resendApiBase"),
      },
    });
  // Tests that import the PDF code from source get pdf-lib's bundled ES build (its es/
  // folder uses extensionless imports workerd cannot load; the app's build bundles it).
  const pdfLib = { find: /^pdf-lib$/, replacement: resolve("node_modules/pdf-lib/dist/pdf-lib.esm.js") };
  const shared = {
    // One workerd per Vitest worker for all its files instead of one per file (about 2.5 s
    // each, and the Worker's modules loaded again): files then share that workerd's D1, KV
    // and R2, so a test makes its own rows (unique emails, IPs, temples), counts what it
    // adds instead of assuming the seed untouched, and the seed is applied once per database
    // (tests/support/apply-migrations.ts). `--sequence.shuffle` finds a test that breaks this.
    isolate: false,
    // Transformed modules are not kept on disk: with them, Vitest hands a new runner every module its
    // files import in one "warm modules" message (the pool inlines each with its source map), over
    // 32 MiB for the source project (4,500 modules, the messages among them) — past what workerd takes
    // in one WebSocket message (error 1009), which ends that runner and its files.
    fsModuleCache: false,
    // A test's limit is not a speed target: tests that take 1–5 s on a quiet 2-core machine take
    // two or three times that while CI shares it, so none runs near its limit (Vitest's own is 5 s).
    testTimeout: 60_000,
    setupFiles: ["./tests/support/apply-migrations.ts"],
    // CommonJS dependencies must be bundled to load in workerd: resend's standardwebhooks,
    // pako under @pdf-lib/fontkit (the PDF fonts, imported from source by PDF tests), jsqr (the
    // reference decoder the QR tests read codes with), and
    // React under react-router (the request middleware, imported from source by a test).
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: ["resend", "@pdf-lib/fontkit", "react-router", "react-router > react", "react-router > react-dom", "jsqr"],
        },
      },
    },
  };
  return {
    resolve: { tsconfigPaths: true },
    test: {
      fsModuleCache: false,
      // Vitest's default leaves a core idle (cores − 1: one worker on a 2-core CI machine);
      // the runner itself mostly waits on workerd, so every core runs a test file.
      maxWorkers: Math.max(2, availableParallelism()),
      // One Razorpay emulator and the phone emulators for both projects (tests pay and message through them).
      globalSetup: ["./tests/support/emulator-setup.ts"],
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          resolve: {
            tsconfigPaths: true,
            alias: [
              // The Worker from source has no pages: React Router's build is a stand-in that
              // fails the test asking for one (pages are tested in the `worker` project).
              { find: "virtual:react-router/server-build", replacement: resolve("tests/support/no-pages.ts") },
              pdfLib,
            ],
          },
          plugins: [
            cloudflareTest((context) => ({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: { ...withEmulator({ EVAL_SEED: evalSeed })(context), d1Databases: { EVAL_DB: "search-eval" } },
            })),
          ],
          test: {
            ...shared,
            name: "source",
            include: ["tests/*/**/*.source.test.ts"],

            setupFiles: [...shared.setupFiles, "./tests/support/no-pages-check.ts"],
          },
        },
        {
          resolve: {
            tsconfigPaths: true,
            alias: [
              // The built Worker as a module, for tests that call it with another env
              // (e.g. a deployment with a Resend key).
              { find: "@sannidhi/built-worker", replacement: resolve(`${buildDir}/server/index.js`) },
              // The built route table (a test checks every desk and console route sits under a guarded layout).
              { find: "@sannidhi/built-server-build", replacement: builtServerBuild() },
              // The deployable configuration as the build wrote it (what `npm run deploy` checks).
              { find: "@sannidhi/built-config", replacement: resolve(`${buildDir}/server/wrangler.json`) },
              pdfLib,
            ],
          },
          plugins: [
            cloudflareTest((context) => ({
              wrangler: { configPath: `./${buildDir}/server/wrangler.json` },
              miniflare: withEmulator()(context),
            })),
          ],
          test: { ...shared, name: "worker", include: ["tests/*/**/*.test.ts"], exclude: ["tests/e2e/**", "tests/*/**/*.source.test.ts"] },
        },
      ],
    },
  };
});
