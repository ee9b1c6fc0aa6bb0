/**
 * PostgreSQL ends a connection while a transaction holds it (a restart: 57P01, or an administrator's
 * pg_terminate_backend) between two statements: the transaction fails and rolls back, the process
 * lives on (an unheard 'error' event on the pool's client used to end it: issue 28, ADR 063), and
 * the pool serves the next query on a new connection. Needs TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type Database } from "../../api/db/client";
import { createScratchDatabase } from "../../api/testing";
import { isDatabaseUnavailable } from "../../api/http/errors";

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("a PostgreSQL connection ended under a transaction", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  async function terminate(pid: number) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    } finally {
      await admin.end();
    }
  }

  it("fails the transaction, keeps the process, and the next query works", async () => {
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS t (n int)`);
    let ended!: () => void;
    const pause = new Promise<void>((resolve) => (ended = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (1)`);
      const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      // Between two statements, as an order awaits its next step: the server ends the connection.
      await terminate(pid);
      await pause;
      await tx.execute(sql`INSERT INTO t VALUES (2)`);
    });
    // The client hears the end of its connection while no statement runs: give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    ended();
    const error = await transaction.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Nothing of the transaction was kept; the pool answers on a new connection.
    expect(await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM t`)).toEqual([{ n: 0 }]);
  });
});
