/**
 * Makes an opened database ready for the API: the drizzle-kit migrations, then the demo catalogue
 * when it is empty. Run by the server at start (api/index.ts) and, for a new embedded data
 * directory, by the short-lived process that creates it (pglite-process.ts, ADR 017), so the
 * memory PostgreSQL and the seed take on a first start leaves with that process.
 */
import { migrateDatabase, type Database } from "./client";
import { DEFAULT_SEED_GROUPS, seedIfEmpty, vacuumAnalyze } from "./seed";
import { notice } from "../../log/logger";

export async function prepareDatabase(database: Database, groups: number = DEFAULT_SEED_GROUPS): Promise<void> {
  await migrateDatabase(database);
  if (groups <= 0) return;
  const summary = await seedIfEmpty(database.db, { groups });
  if (!summary) return;
  await vacuumAnalyze(database.db);
  notice.info(`[api] empty database seeded: ${summary.groups} product groups in ${summary.ms} ms`);
}
