/** What every domain's routes get: the database, the change notifier and the mailer. */
import type { Db } from "./db/client";
import type { Mailer } from "./mail/mailer";
import type { SessionKeys } from "./auth/session";
import type { AuthLimits } from "./auth/limits";
import type { Limits } from "../limits/limiter";
import type { SmsSender } from "./auth/sms";

export interface ApiDeps {
  db: Db;
  /** Call after a write that changes catalogue or content data, so caches are dropped (on every instance, ADR 061). */
  notifyChange(): void;
  /** Subscribe to those changes, this instance's and the others' (in-process read caches drop their entries). */
  onChange?(listener: () => void): void;
  /** Parse every answer with the contract's response schema (tests, development). */
  validateResponses: boolean;
  /** Outgoing mail (order confirmations…); unset = letters written to the log. */
  mailer?: Mailer;
  /** Public origin of the shop (SITE_URL) for links in letters; unset = the requesting storefront's. */
  siteUrl?: string;
  /** Access-token keys (api/auth/session.ts, api/auth/secret.ts). */
  sessionKeys: SessionKeys;
  /** APP_ENV: "production" never gets demo accounts, nor codes written to the log. */
  appEnv?: string;
  /** The shop's rate limiter (every write, letter, login and code; ADR 041); unset = a fresh in-process one (createApp). */
  limits?: Limits;
  /** SMS_URL: the HTTP SMS provider (api/auth/sms.ts); unset = codes in the log outside production. */
  smsUrl?: string;
  /** Ready auth limits (over `limits` unless a test passes its own) / SMS sender (from smsUrl). */
  authLimits?: AuthLimits;
  sms?: SmsSender;
  /** The clock of codes and refresh tokens (tests); default the real one. */
  now?: () => Date;
  /** Lifetime of the API's own read caches (cart pricing), ms; 0 = off; unset = their default. */
  readCacheTtlMs?: number;
}

/** What the domains' routes get from createApp: the same, with the one limiter always there. */
export type RouteDeps = ApiDeps & { limits: Limits };
