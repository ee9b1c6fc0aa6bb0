/**
 * Opens the reference API's database: embedded PGlite (files in DATA_DIR/pglite, or in memory)
 * when no DATABASE_URL is given, otherwise a node-postgres pool. Both expose the same Drizzle
 * PgDatabase, so services never know which one they run on.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { sql, type SQL } from "drizzle-orm";
import { PGLITE_SETTINGS } from "./pglite-options";
import { lockDataDir } from "./data-dir-lock.mjs";
import { registerPool } from "./pool-stats";
import * as schema from "./schema";
import { log } from "../../log/logger";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** No other process opens this database: a PGlite data folder, also when served on its own thread (ADR 039). */
  exclusive?: boolean;
  describe: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; unset = PGlite. */
  databaseUrl?: string;
  /** Data directory; PGlite lives in `<dataDir>/pglite`. "memory://" = in-memory PGlite (tests). */
  dataDir: string;
  /** PGlite's own directory instead of `<dataDir>/pglite` (a new one being made, pglite-prestart.ts). */
  pgliteDir?: string;
  /**
   * Run on-disk PGlite on its own thread behind a loopback wire-protocol port (ADR 008, 017): the
   * server's default (a worker thread from the build, a child process under tsx). Off = PGlite
   * on this thread (seed CLI, tests).
   */
  ownProcess?: boolean;
  /** node-postgres pool size (PGlite has one session, so 1 on its own thread). */
  poolSize?: number;
  /** What the pool at `databaseUrl` reaches, for /metrics (pool-stats.ts). Default "postgresql". */
  poolKind?: "postgresql" | "pglite";
  /**
   * On-disk PGlite: take the data folder's lock first (data-dir-lock.mjs; rejects with
   * DataDirBusyError when another process has it). Off only where the parent process holds it
   * (pglite-process creating a folder for the server). Default on.
   */
  lock?: boolean;
}

export const MEMORY = "memory://";

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (!options.databaseUrl && !options.dataDir.startsWith(MEMORY) && options.lock !== false) {
    // Two processes on one PGlite folder corrupt it (issue 25): the folder is this process's first.
    const lock = await lockDataDir(options.dataDir);
    try {
      const database = await openDatabase({ ...options, lock: false });
      return {
        ...database,
        close: async () => {
          try {
            await database.close();
          } finally {
            await lock.release();
          }
        },
      };
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  if (!options.databaseUrl && options.ownProcess && !options.dataDir.startsWith(MEMORY)) {
    const dir = path.join(options.dataDir, "pglite");
    const child = await startPgliteProcess(dir);
    const database = await openDatabase({ databaseUrl: child.url, dataDir: options.dataDir, poolSize: 1, poolKind: "pglite" });
    return {
      ...database,
      exclusive: true,
      describe: `embedded API on PGlite ${dir} (own ${child.kind})`,
      close: async () => {
        await database.close().catch(() => {});
        await child.close();
      },
    };
  }
  if (options.databaseUrl) {
    // Imported lazily: the PGlite path must not pay for loading pg, and vice versa.
    const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
    // A bounded connect timeout keeps /readyz from hanging while PostgreSQL is down.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its connection (server restart) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) => log.error({ err: error }, "[api] PostgreSQL pool error"));
    // A connection ended while it is checked out — a transaction awaiting between two statements when
    // PostgreSQL restarts (57P01) — emits 'error' on its client, where the pool does not listen:
    // unheard, that ends the process. Heard, the next statement fails, the transaction rolls back
    // with it, and the pool drops the connection when it comes back (issue 28, ADR 063).
    pool.on("connect", (client) => client.on("error", (error) => log.warn({ err: error }, "[api] a PostgreSQL connection in use was closed")));
    const unregister = registerPool(options.poolKind ?? "postgresql", pool);
    const db = drizzle({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      describe: "embedded API on PostgreSQL",
      close: () => {
        unregister();
        return pool.end();
      },
    };
  }
  const [{ PGlite }, { pg_trgm }, { fuzzystrmatch }, { drizzle }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/fuzzystrmatch"),
    import("drizzle-orm/pglite"),
  ]);
  const inMemory = options.dataDir.startsWith(MEMORY);
  const dir = inMemory ? options.dataDir : (options.pgliteDir ?? path.join(options.dataDir, "pglite"));
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // Extensions must be loaded as PGlite modules before CREATE EXTENSION can succeed (migrations
  // 0000, 0010): pg_trgm and fuzzystrmatch serve search (ADR 028).
  const client = await PGlite.create(dir, { extensions: { pg_trgm, fuzzystrmatch }, ...PGLITE_SETTINGS });
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    describe: inMemory ? "embedded API on in-memory PGlite" : `embedded API on PGlite ${dir}`,
    close: () => client.close(),
  };
}

/**
 * Migrations live next to this file in the source tree. A bundled server (build/) has no
 * api/db next to it, so fall back to the repository layout from the working directory;
 * MIGRATIONS_DIR overrides both.
 */
export function migrationsFolder(): string {
  const candidates = [
    process.env.MIGRATIONS_DIR,
    fileURLToPath(new URL("./migrations", import.meta.url)),
    path.resolve("api/db/migrations"),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((dir) => existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Drizzle migrations not found (tried ${candidates.join(", ")})`);
  return found;
}

/**
 * True when the newest applied migration is the newest in the journal. One small query instead
 * of drizzle's migrator (which reads and hashes every file and runs its DDL): ~0.1 s of the 3 s
 * start-up budget on PGlite.
 */
async function isUpToDate(database: Database, migrationsDir: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const latest = journal.entries.at(-1)?.when;
  try {
    const [row] = await queryRows<{ at: string | number | null }>(
      database.db,
      sql`SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations`,
    );
    return latest !== undefined && Number(row?.at) === latest;
  } catch {
    return false; // no migrations table yet
  }
}

/** Applies the generated migrations (idempotent; a no-op on an up-to-date database). */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsDir = migrationsFolder();
  if (await isUpToDate(database, migrationsDir)) return;
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder: migrationsDir });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // Several app processes may start together on one PostgreSQL: serialise migrations with a
  // session advisory lock held on one dedicated connection.
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const conn = await pool.connect();
  try {
    await conn.query("SELECT pg_advisory_lock(727001)");
    await migrate(drizzle({ client: conn }), { migrationsFolder: migrationsDir });
  } finally {
    await conn.query("SELECT pg_advisory_unlock(727001)").catch(() => {});
    conn.release();
  }
}

/**
 * Runs `work` while holding a PostgreSQL session advisory lock (on one dedicated connection; the
 * work uses the pool as usual), so instances starting together on one database take turns (ADR
 * 061). PGlite has one process per data folder (ADR 039): `work` runs as it is.
 */
export async function withAdvisoryLock<T>(database: Pick<Database, "db" | "kind" | "exclusive">, key: number, work: () => Promise<T>): Promise<T> {
  // PGlite (on its own thread too: a pool of one connection, which the lock would hold) is one process's.
  if (database.kind === "pglite" || database.exclusive) return work();
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const conn = await pool.connect();
  try {
    await conn.query("SELECT pg_advisory_lock($1)", [key]);
    return await work();
  } finally {
    await conn.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => {});
    conn.release();
  }
}

/** The advisory lock of the demo accounts' data at start (api/index.ts). */
export const DEMO_DATA_LOCK = 727003;

/** Raw query returning rows, for SQL that the query builder can't express (both drivers return `rows`). */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Starts api/db/pglite-process: the bundled build/pglite-process.mjs as a worker thread in
 * production, the .ts source as a child process under tsx (development, tests; a worker cannot
 * load TypeScript), and waits for its port. What the production server started at its very start
 * for the same directory (pglite-prestart.ts) is adopted instead.
 */
async function startPgliteProcess(dir: string): Promise<{ url: string; kind: string; close(): Promise<void> }> {
  const here = import.meta.url;
  const entry = (name: string) => fileURLToPath(new URL(name, here));
  // Loaded here, not at the top: the database's own bundle (pglite-process → client) must not run
  // the module's start-up side effect (prestart), which belongs to the server's start alone.
  const { forkPglite, startPgliteWorker, takePrestartedPglite } = await import("./pglite-prestart");
  const started =
    takePrestartedPglite(dir) ??
    (here.endsWith(".ts") ? forkPglite(entry("./pglite-process.ts"), dir, ["--import", "tsx"]) : startPgliteWorker(entry("./pglite-process.mjs"), dir));
  const port = await started.port;
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, kind: started.kind, close: () => started.close() };
}
