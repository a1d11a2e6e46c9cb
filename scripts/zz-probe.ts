import { readFileSync } from "node:fs";
import { startWorker } from "./bench-worker.ts";
const mf = startWorker("/work/main/.wrangler/bench-state-100000");
await mf.ready;
const db = await mf.getD1Database("DB");
const lines = readFileSync(process.argv[2]!, "utf8").trim().split("\n").map((l) => JSON.parse(l));
for (const { sql, params } of lines) {
  let best = Infinity, meta: any;
  for (let i = 0; i < 6; i++) { const r = await db.prepare(sql).bind(...params).all(); if (r.meta.duration < best) { best = r.meta.duration; meta = r.meta; } }
  console.log(`${best} ms rows_read=${meta.rows_read} :: ${sql.slice(0, 140).replace(/\n/g, " ")}`);
}
await mf.dispose();
