/**
 * Test helpers: the same suites run on a fresh in-memory PGlite and, when TEST_DATABASE_URL is
 * set, on PostgreSQL. Each PostgreSQL run gets its own throw-away database (the generated
 * migrations reference the "public" schema, so a database is the clean unit of isolation),
 * dropped afterwards, so repeated runs never see old tables.
 */
import { createReferenceApi, type ReferenceApi } from "./index";
import { MEMORY, migrateDatabase, openDatabase, type Database, type Db } from "./db/client";
import { seedDatabase } from "./db/seed";
import type { Mailer } from "./mail/mailer";
import { createSessionKeys } from "./auth/secret";
import { signAccessToken, type AuthUser } from "./auth/session";
import { issueRefreshToken } from "./auth/tokens";
import { ensureDemoAccounts } from "./auth/demo-accounts";
import { seedDemoAccountData } from "./account/demo-data";
import type { AuthLimits } from "./auth/limits";
import type { Limits } from "../limits/limiter";
import { CLIENT_IP_HEADER } from "../contract/index";
import type { SmsSender } from "./auth/sms";

export interface TestBackend {
  name: "pglite" | "postgres";
  /** Opens a fresh, migrated, empty database. */
  open(): Promise<{ database: Database; cleanup(): Promise<void> }>;
}

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [
    {
      name: "pglite",
      async open() {
        const database = await openDatabase({ dataDir: MEMORY });
        await migrateDatabase(database);
        return { database, cleanup: () => database.close() };
      },
    },
  ];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    backends.push({
      name: "postgres",
      async open() {
        const scratch = await createScratchDatabase(baseUrl);
        const database = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
        try {
          await migrateDatabase(database);
        } catch (error) {
          await database.close();
          await scratch.drop();
          throw error;
        }
        return {
          database,
          async cleanup() {
            await database.close();
            await scratch.drop();
          },
        };
      },
    });
  }
  return backends;
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE api_test_<pid>_<time> next to TEST_DATABASE_URL's database. */
export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `api_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(performance.now()).toString(36)}`;
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

let testIps = 0;
/** A client IP no other request of this process used (198.18.0.0/15, the benchmarking range). */
export const freshTestIp = () => `198.${18 + ((++testIps >> 16) & 1)}.${(testIps >> 8) & 255}.${testIps & 255}`;

export interface TestApi {
  api: ReferenceApi;
  db: Db;
  /** Calls the API like the storefront does. */
  get(path: string): Promise<Response>;
  /** Any call; `token` becomes the bearer. */
  fetch(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** A valid access token for the user (signed with the same database-kept key as the API's). */
  tokenFor(user: AuthUser): Promise<string>;
  close(): Promise<void>;
}

/** A seeded API on a fresh database of the backend (small seed by default to keep tests quick). */
export async function openTestApi(
  backend: TestBackend,
  options: {
    groups?: number;
    mailer?: Mailer;
    siteUrl?: string;
    appEnv?: string;
    /** Auth: limits, SMS sender and clock of the API (api/auth). */
    authLimits?: AuthLimits;
    sms?: SmsSender;
    now?: () => Date;
    /** The rate limiter (default: a fresh in-process one per API). */
    limits?: Limits;
    /** Create the demo accounts (api/auth/demo-accounts.ts) and their data (api/account/demo-data.ts) after the seed. */
    demoAccounts?: boolean;
  } = {},
): Promise<TestApi> {
  const { database, cleanup } = await backend.open();
  await seedDatabase(database.db, { groups: options.groups ?? 200 });
  if (options.demoAccounts) await seedDemoAccountData(database.db, await ensureDemoAccounts(database.db));
  const reference = createReferenceApi(
    { db: database.db, describe: database.describe, close: cleanup },
    { mailer: options.mailer, siteUrl: options.siteUrl, appEnv: options.appEnv ?? "test", authLimits: options.authLimits, sms: options.sms, now: options.now, limits: options.limits },
  );
  // A request that names no client IP gets one of its own (as tests/support/auth-harness.ts does):
  // the per-IP limits (ADR 041) then count where a test names an IP, and the other suites' dozens
  // of orders and uploads are not one visitor's.
  const api: ReferenceApi = {
    ...reference,
    fetch: (request) => {
      if (!request.headers.has(CLIENT_IP_HEADER)) request.headers.set(CLIENT_IP_HEADER, freshTestIp());
      return reference.fetch(request);
    },
  };
  const keys = createSessionKeys(database.db);
  return {
    api,
    db: database.db,
    get: async (path) => api.fetch(new Request(`http://x${path}`)),
    fetch: async (path, init = {}) => {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set("Authorization", `Bearer ${token}`);
      return api.fetch(new Request(`http://x${path}`, { ...rest, headers }));
    },
    // A real session (a refresh-token family), as a login starts: the API refuses tokens of none.
    tokenFor: async (user) => signAccessToken(keys, user, (await issueRefreshToken(database.db, user.id, new Date())).familyId),
    close: () => api.close(),
  };
}
