/**
 * The search module (ADR 028): one engine per database, shared by the search routes, the listings
 * and filter/all, so they match the same way and share one answer cache.
 */
import type { Db } from "../db/client";
import type { SearchEngine } from "./engine";
import { createPostgresSearch, type PostgresSearchOptions } from "./postgres-engine";

export type { SearchEngine, TextMatch } from "./engine";

const engines = new WeakMap<Db, SearchEngine>();

/**
 * The engine of a database, created on first use. The first caller that passes `onChange` (the
 * API's routes) ties its cache to catalogue changes; services created without it (tests, scripts)
 * share that engine.
 */
export function searchEngineFor(db: Db, options: PostgresSearchOptions = {}): SearchEngine {
  let engine = engines.get(db);
  if (!engine) {
    engine = createPostgresSearch(db, options);
    engines.set(db, engine);
  }
  return engine;
}
