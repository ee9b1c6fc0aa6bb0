// Catalogue scale of `npm run bench` (see bench/run.mjs): the bench's seeded databases, and the
// render time of catalogue pages measured by sequential requests (one at a time, no queueing).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { get, LIMITS, log, median, quantile, ROOT, round1, run } from "./lib.mjs";

/** What a seeded database depends on: the seed, the schema, the migrations and the derived facet bitmaps. */
const SEED_SOURCES = [
  "api/db/seed.ts",
  "api/db/seed",
  "api/db/schema.ts",
  "api/db/migrations",
  "api/catalog/facet-bitmaps.ts",
  "api/catalog/facet-codes.ts",
  "api/search/vocabulary.ts",
];
const STAMP = ".bench-seed";

function seedHash(groups) {
  const hash = createHash("sha256").update(`groups=${groups}\n`);
  const add = (rel) => {
    const full = path.join(ROOT, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(path.join(rel, name));
    } else {
      hash.update(rel).update(readFileSync(full));
    }
  };
  SEED_SOURCES.forEach(add);
  return hash.digest("hex");
}

/** True when `dataDir` holds a database the bench seeded from the current seed sources. */
export function isSeeded(dataDir, groups) {
  const stamp = path.join(ROOT, dataDir, STAMP);
  return existsSync(stamp) && readFileSync(stamp, "utf8") === seedHash(groups);
}

export function markSeeded(dataDir, groups) {
  writeFileSync(path.join(ROOT, dataDir, STAMP), seedHash(groups));
}

/** Forgets a database seeded from other sources (the next start, or `seedLarge`, seeds it again). */
export function dropStale(dataDir, groups) {
  if (existsSync(path.join(ROOT, dataDir)) && !isSeeded(dataDir, groups)) {
    log(`${dataDir} was seeded from other seed sources (or not by the bench): removing it`);
    rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  }
}

/** `npm run seed -- --groups N` into `dataDir`, once (reused while the seed sources are unchanged). */
export function ensureLargeCatalogue(dataDir, groups) {
  if (isSeeded(dataDir, groups)) {
    log(`reusing the ${groups}-group catalogue in ${dataDir}`);
    return { seeded: false, seconds: 0 };
  }
  rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  const started = performance.now();
  log(`seeding ${groups} product groups into ${dataDir} (once; about 1.5 min on 2 cores)`);
  run("npm", ["run", "seed", "--", "--groups", String(groups)], {
    cwd: ROOT,
    timeout: LIMITS.seed,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  markSeeded(dataDir, groups);
  return { seeded: true, seconds: Math.round((performance.now() - started) / 1000) };
}

/**
 * Render time of one page on two servers: `warmup` requests to each, then `count` rounds of one
 * request to each, alternating (so both see the same background load of a shared machine). Each
 * request is sequential and waits for the whole body; any status other than 200 is an error.
 */
export async function sequentialPair(urls, { count, warmup = 5 }) {
  const samples = urls.map(() => []);
  for (let i = -warmup; i < count; i++) {
    for (const [k, url] of urls.entries()) {
      const started = performance.now();
      const response = await get(url);
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= 0) samples[k].push(ms);
    }
  }
  return samples.map((s) => ({ medianMs: round1(median(s)), p90Ms: round1(quantile(s, 0.9)), minMs: round1(Math.min(...s)), count }));
}
