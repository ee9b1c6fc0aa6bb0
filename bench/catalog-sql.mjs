// Catalogue query timings on seeded databases (the 2k default against the 100k benchmark catalogue).
//
//   DATA_DIR=/tmp/small npm run seed                      # 2 000 groups
//   DATA_DIR=/tmp/big npm run seed -- --groups 100000     # 100 000 groups (about a minute)
//   node --import tsx bench/catalog-sql.mjs /tmp/small /tmp/big
//
// Each directory is opened the way the server opens it (PGlite in its own process, node-postgres
// over the wire protocol); a postgres:// URL instead of a directory benchmarks PostgreSQL (seed it
// with DATABASE_URL=… npm run seed). Each is warmed up, then every call is timed
// through the /api fetch handler (SQL + JSON + contract-shaped answer). Prints median and p90 per
// call and, with more than one directory, the ratio of the last to the first.
// BENCH_ITERATIONS (default 60), BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the listing count.
/* global Request */
import { performance } from "node:perf_hooks";
import { startReferenceApi } from "../api/index.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);

/** The calls a filtered category page and a product page make. */
const CALLS = [
  ["leaf listing, 2 filters", "/api/product/list?category=sharikovye-ruchki&attrs[]=material:metall&coatings[]=1&pageLimit=24"],
  ["leaf filter/all, 2 filters", "/api/filter/all?category=sharikovye-ruchki&attrs[]=material:metall&coatings[]=1"],
  ["root listing, 2 filters", "/api/product/list?category=ruchki&brands[]=arrow&attrs[]=pen-type:sharikovaya&pageLimit=24"],
  ["root filter/all, 2 filters", "/api/filter/all?category=ruchki&brands[]=arrow&attrs[]=pen-type:sharikovaya"],
  ["root listing, colour+price, price sort", "/api/product/list?category=posuda&colors[]=belyy&priceFrom=200&priceTo=900&sort=price_asc"],
  ["root filter/all, colour+price", "/api/filter/all?category=posuda&colors[]=belyy&priceFrom=200&priceTo=900"],
  ["leaf filter/all, no filters", "/api/filter/all?category=kruzhki"],
  ["catalogue filter/all, brand", "/api/filter/all?brands[]=arrow"],
  ["product/{id}", "/api/product/{id}"],
  ["looking_at", "/api/product/list/looking_at?product={id}&limit=12"],
  ["search (rows)", "/api/product/search?search=кружка керамическая"],
  ["search filter/all (rows)", "/api/filter/all?search=кружка керамическая"],
];

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { min: sorted[0], median: at(0.5), p90: at(0.9) };
}

async function measure(dir) {
  const isUrl = /^postgres(ql)?:\/\//.test(dir);
  const api = await startReferenceApi({ dataDir: isUrl ? "memory://" : dir, databaseUrl: isUrl ? dir : undefined, seedGroups: 0, validateResponses: false });
  const results = {};
  try {
    // Product ids spread over the catalogue, the same ids in both databases (a 2k seed is a prefix).
    const ids = [7, 150, 777, 1234, 1999];
    for (const [name, template] of CALLS) {
      const samples = [];
      for (let i = -10; i < ITERATIONS; i++) {
        const path = template.replace("{id}", String(ids[(i + 10) % ids.length]));
        const started = performance.now();
        const response = await api.fetch(new Request(`http://bench${path}`));
        await response.text();
        if (response.status !== 200) throw new Error(`${path} → ${response.status}`);
        if (i >= 0) samples.push(performance.now() - started);
      }
      results[name] = stats(samples);
    }
  } finally {
    await api.close();
  }
  return results;
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error("usage: node --import tsx bench/catalog-sql.mjs <DATA_DIR | postgres://…> […]");
  process.exit(2);
}
const all = [];
for (const dir of dirs) all.push(await measure(dir));
const pad = (s, n) => String(s).padEnd(n);
const fmt = (x) => x.toFixed(1);
console.log(pad("call", 40) + dirs.map((d) => pad(`${d} min/med/p90 ms`, 30)).join("") + (dirs.length > 1 ? "ratio min / med" : ""));
for (const [name] of CALLS) {
  const cells = all.map((r) => pad(`${fmt(r[name].min)} / ${fmt(r[name].median)} / ${fmt(r[name].p90)}`, 30)).join("");
  const ratio = (key) => (all.at(-1)[name][key] / all[0][name][key]).toFixed(2) + "×";
  console.log(pad(name, 40) + cells + (dirs.length > 1 ? `${ratio("min")} / ${ratio("median")}` : ""));
}
