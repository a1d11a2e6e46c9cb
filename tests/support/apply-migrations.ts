import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs before each test file: the schema and the deterministic seed, once per database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("select count(*) as n from temples").first<{ n: number }>();
if (!seeded?.n) {
  for (let i = 0; i < env.TEST_SEED.length; i += 50) {
    await env.DB.batch(env.TEST_SEED.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
  }
}
