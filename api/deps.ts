/** What every domain's routes get: the database and the change notifier. */
import type { Db } from "./db/client";

export interface ApiDeps {
  db: Db;
  /** Call after a write that changes catalogue or content data, so caches are dropped. */
  notifyChange(): void;
  /** Parse every answer with the contract's response schema (tests, development). */
  validateResponses: boolean;
}
