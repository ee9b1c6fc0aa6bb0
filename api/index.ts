/**
 * Entry point of the embedded reference API: opens the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), applies the drizzle-kit migrations, seeds an empty database and
 * returns a fetch handler for /api.
 *
 * Start-up on an already seeded database is: open (~0.5–1.8 s for PGlite) + migrations check
 * (one query on the migrations table) + one "is seeded" query. Nothing heavy runs there.
 */
import { createApp } from "./app";
import { DEMO_DATA_LOCK, openDatabase, withAdvisoryLock, type Database, type Db } from "./db/client";
import { prepareDatabase } from "./db/prepare";
import { DEFAULT_SEED_GROUPS } from "./db/seed";
import { createMailer, isProductionEnv, type Mailer } from "./mail/mailer";
import { createSessionKeys } from "./auth/secret";
import { createAuthLimits, type AuthLimits } from "./auth/limits";
import { createLimits, type Limits } from "../limits/limiter";
import { connectRedis } from "../shared/redis";
import { createChangeEvents, type ChangeEvents } from "../shared/changes";
import { createSmsSender, type SmsSender } from "./auth/sms";
import { ensureDemoAccounts } from "./auth/demo-accounts";
import { seedDemoAccountData } from "./account/demo-data";

export interface ReferenceApi {
  /** Hono app.fetch, serving paths under /api. */
  fetch(request: Request): Response | Promise<Response>;
  /** Readiness: SELECT 1 succeeds. */
  ping(): Promise<boolean>;
  /** Closes the database. */
  close(): Promise<void>;
  /** Called when catalogue/content data changes, here or on another instance (cache invalidation, ADR 061). */
  onChange(listener: () => void): void;
  /**
   * Catalogue/content data changed (a job that wrote the database through this process): this
   * instance's listeners run now, every other instance's through Redis (shared/changes.ts).
   */
  notifyChange(): Promise<void>;
  describe: string;
}

export interface StartOptions {
  /** PostgreSQL connection string; unset = embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data lives in `<dataDir>/pglite`; "memory://" = in-memory (tests). */
  dataDir: string;
  /** On-disk PGlite on its own thread (default true; ADR 008, 017). */
  ownProcess?: boolean;
  /** Product groups to generate when the database is empty; default 2000. 0 = don't seed. */
  seedGroups?: number;
  /** Parse every answer with the contract schema; default on when NODE_ENV=development. */
  validateResponses?: boolean;
  logError?: (error: unknown) => void;
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset = letters go to the log. */
  smtpUrl?: string;
  /** From header of outgoing mail; default `ТМГ <info@tmg-podarki.ru>`. */
  mailFrom?: string;
  /** Public origin of the shop for links in letters (SITE_URL); unset = the requesting storefront's. */
  siteUrl?: string;
  /** A ready mailer (tests); overrides smtpUrl. */
  mailer?: Mailer;
  /** HMAC key of access tokens (AUTH_SECRET); unset = one random key kept in the database. */
  authSecret?: string;
  /** APP_ENV (demo accounts and logged codes only outside "production"). */
  appEnv?: string;
  /** Seconds the API's own read caches (the cart pricing's) keep rows; 0 = off. Default 30. */
  readCacheTtlS?: number;
  /**
   * REDIS_URL: the rate limits and the change events shared through Redis; unset = in process.
   * Used only for what is not given (`limits`, `changes`): one link of the API's own, closed with it.
   */
  redisUrl?: string;
  /** The shop's rate limiter, shared with the storefront (ADR 041); unset = one of the API's own (closed with it). */
  limits?: Limits;
  /** The shop's change events, shared with the storefront (ADR 061); unset = the API's own (closed with it). */
  changes?: ChangeEvents;
  /** SMS_URL: HTTP SMS provider for login codes; unset = codes in the log (never in production). */
  smsUrl?: string;
  /** Ready limits / SMS sender / clock (tests). */
  authLimits?: AuthLimits;
  sms?: SmsSender;
  now?: () => Date;
}

/** Builds the API over an opened, migrated database (tests can pass their own). */
export function createReferenceApi(
  database: Pick<Database, "db" | "describe" | "close">,
  options: Pick<
    StartOptions,
    | "validateResponses" | "logError" | "smtpUrl" | "mailFrom" | "mailer" | "readCacheTtlS" | "siteUrl" | "authSecret" | "appEnv"
    | "redisUrl" | "smsUrl" | "authLimits" | "sms" | "now" | "limits" | "changes"
  > = {},
): ReferenceApi {
  // The log hides letters' personal data exactly where SMS codes are not logged either: APP_ENV=production.
  const redactLog = options.appEnv === undefined ? undefined : isProductionEnv({ APP_ENV: options.appEnv });
  const mailer = options.mailer ?? createMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, redactLog });
  // One Redis link (ADR 061) for whatever of the two the caller did not hand over.
  const link = options.redisUrl && (!options.limits || !options.changes) ? connectRedis(options.redisUrl) : undefined;
  const limits = options.limits ?? createLimits({ redis: link });
  const changes = options.changes ?? createChangeEvents({ redis: link, logError: options.logError });
  const authLimits = options.authLimits ?? createAuthLimits(limits);
  const sms = options.sms ?? createSmsSender({ smsUrl: options.smsUrl, appEnv: options.appEnv });
  const notifyChange = () => void changes.notify();
  const app = createApp(
    // In development a contract drift shows up at once as a 500 naming the endpoint.
    {
      db: database.db,
      notifyChange,
      onChange: (listener) => void changes.onChange(listener),
      validateResponses: options.validateResponses ?? process.env.NODE_ENV === "development",
      mailer,
      siteUrl: options.siteUrl,
      sessionKeys: createSessionKeys(database.db, options.authSecret),
      appEnv: options.appEnv,
      smsUrl: options.smsUrl,
      limits,
      authLimits,
      sms,
      now: options.now,
      readCacheTtlMs: options.readCacheTtlS === undefined ? undefined : options.readCacheTtlS * 1000,
    },
    { logError: options.logError },
  );
  let closed: Promise<void> | null = null;
  return {
    fetch: (request) => app.fetch(request),
    ping: () => ping(database.db),
    close: () =>
      (closed ??= (async () => {
        mailer.close();
        await authLimits.close();
        if (!options.limits) await limits.close();
        if (!options.changes) await changes.close();
        await link?.close();
        await database.close();
      })()),
    onChange: (listener) => void changes.onChange(listener),
    notifyChange: () => changes.notify(),
    describe: database.describe,
  };
}

export async function startReferenceApi(options: StartOptions): Promise<ReferenceApi> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    ownProcess: options.ownProcess ?? true,
  });
  try {
    await prepareDatabase(database, options.seedGroups ?? DEFAULT_SEED_GROUPS);
    // Demo accounts (password demo12345) everywhere but production (ADR 033).
    if (options.appEnv !== "production") {
      await prepareDemoAccounts(database);
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return createReferenceApi(database, options);
}

/**
 * The demo accounts and their companies, addresses, orders and offers (ADR 035), only what each
 * account lacks; one instance at a time, or two starting together on one PostgreSQL would both
 * find them missing and both add them (ADR 061).
 */
export function prepareDemoAccounts(database: Pick<Database, "db" | "kind" | "exclusive">): Promise<void> {
  return withAdvisoryLock(database, DEMO_DATA_LOCK, async () => seedDemoAccountData(database.db, await ensureDemoAccounts(database.db)));
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

export { openDatabase, migrateDatabase, MEMORY } from "./db/client";
export type { Database, Db } from "./db/client";
export { seedDatabase, seedIfEmpty, DEFAULT_SEED_GROUPS } from "./db/seed";
export type { SeedOptions, SeedSummary } from "./db/seed";
