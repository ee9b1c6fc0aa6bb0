/**
 * `npm run seed [-- --groups N]`: migrates, truncates and refills the database at DATABASE_URL,
 * or the PGlite files in DATA_DIR (default ./data). Stop the server first when it runs on PGlite:
 * two processes must not open the same PGlite directory, and the seed stops with a message while
 * the server has it (api/db/data-dir-lock.mjs). With REDIS_URL, servers running on the database
 * are told to drop their caches (ADR 061).
 */
import { migrateDatabase, openDatabase } from "./client";
import { DEFAULT_SEED_GROUPS, seedDatabase, vacuumAnalyze } from "./seed";
import { announceChange } from "../../shared/changes";

function parseGroups(argv: string[]): number {
  const index = argv.findIndex((a) => a === "--groups" || a.startsWith("--groups="));
  if (index === -1) return DEFAULT_SEED_GROUPS;
  const raw = argv[index].includes("=") ? argv[index].split("=")[1] : argv[index + 1];
  const groups = Number(raw);
  if (!Number.isInteger(groups) || groups < 0) {
    console.error(`--groups expects a non-negative integer, got "${raw}"`);
    process.exit(2);
  }
  return groups;
}

const groups = parseGroups(process.argv.slice(2));
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./data";

const started = performance.now();
const database = await openDatabase({ databaseUrl, dataDir }).catch((error: unknown) => {
  // The server runs on this PGlite folder: its message ("… уже используется процессом N").
  if ((error as { code?: unknown } | null)?.code !== "DATA_DIR_BUSY") throw error;
  console.error((error as Error).message);
  process.exit(1);
});
try {
  console.log(`Seeding ${groups} product groups into ${database.describe.replace("embedded API on ", "")}`);
  await migrateDatabase(database);
  const summary = await seedDatabase(database.db, { groups, log: (m) => console.log(`  ${m}`) });
  await vacuumAnalyze(database.db);
  console.log(
    `Done: ${summary.groups} groups, ${summary.products} variations, ${summary.categories} categories, ` +
      `${summary.brands} brands in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // Servers running on this PostgreSQL drop their caches of the old catalogue (ADR 061).
  if (process.env.REDIS_URL && (await announceChange(process.env.REDIS_URL))) console.log("Running instances told through Redis");
} finally {
  await database.close();
}
