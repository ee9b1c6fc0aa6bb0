import { z } from "zod";
import { isValidHostname } from "#app/lib/city.ts";

/** §8: the message the process stops with when the API base URL is unusable. */
export const MISSING_API_URL_MESSAGE = "Create an .env file with VITE_API_URL property!";

/** An empty variable ("PORT=") counts as unset, so it gets the default instead of e.g. Number("") = 0. */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema);

/** What Express's `trust proxy` accepts by name, address or subnet (proxy-addr). */
const ProxyAddress = z.union([z.enum(["loopback", "linklocal", "uniquelocal"]), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * TRUST_PROXY → Express's `trust proxy`: false, a hop count, or the proxies' names, addresses and
 * subnets. `true` is refused: it lets every client set its own protocol, host and IP (issue 16).
 */
const TrustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .default("loopback")
  .transform((value, ctx): false | number | string[] => {
    if (value === "false" || value === "none") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const items = value.split(",").map((item) => item.trim());
    const bad = items.find((item) => !ProxyAddress.safeParse(item).success);
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message:
          bad === "true"
            ? "true would trust every client's X-Forwarded-* headers; give a hop count or the proxies' addresses"
            : `"${bad}" is not loopback, linklocal, uniquelocal, an IP address or a subnet`,
      });
      return z.NEVER;
    }
    return items;
  });

export const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"]).default("production")),
  PORT: optional(z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optional(z.string().default("0.0.0.0")),
  /** External backend origin; unset = the embedded reference API is mounted at /api. */
  API_URL: optional(z.string().trim().optional()),
  /** PostgreSQL server for the reference API; unset = embedded PGlite in DATA_DIR. */
  DATABASE_URL: optional(z.string().optional()),
  DATA_DIR: optional(z.string().default("./data")),
  /** §9: default request timeout in ms. */
  REQUEST_TIMEOUT: optional(z.coerce.number().int().positive().default(6000)),
  /** Domain for the auth and city cookies (shared across subdomains); derived from Host when unset. */
  COOKIE_DOMAIN: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((domain) => isValidHostname(domain.replace(/^\./, "")) && !/^[\d.]+$|^\[/.test(domain), "not a domain name")
      .optional(),
  ),
  /** Which peers may set X-Forwarded-Proto/-Host/-For (Express `trust proxy`); loopback by default (issue 16). */
  TRUST_PROXY: optional(TrustProxy),
  /** §9: environment name, default demo. */
  APP_ENV: optional(z.string().default("demo")),
  /**
   * Error reporting (issue 28, ADR 058): a Sentry DSN (https://key@host/project). Unset: nothing is
   * reported and the browser downloads no SDK.
   */
  SENTRY_DSN: optional(z.string().url().optional()),
  /** The release reports name; unset: podarki-storefront@<package version> (a build may pass its git sha). */
  SENTRY_RELEASE: optional(z.string().trim().max(200).optional()),
  /** Yandex Maps key: the contacts page embeds a map widget; unset = a map picture with links. */
  YANDEX_MAPS_KEY: optional(z.string().trim().regex(/^[A-Za-z0-9-]{8,64}$/, "a Yandex Maps API key").optional()),
  LOG_LEVEL: optional(z.enum(["silent", "error", "info"]).default("info")),
  /**
   * Bearer token of /metrics for a scraper on another machine (ADR 057); unset = /metrics answers
   * only clients on this machine that came through no proxy.
   */
  METRICS_TOKEN: optional(z.string().regex(/^[\x21-\x7e]{32,256}$/, "32 to 256 printable characters without spaces").optional()),
  /**
   * Outgoing mail of the embedded API (order confirmations): smtp://user:password@host:587 or
   * smtps://…:465. Unset = each letter is written to the server log.
   */
  SMTP_URL: optional(
    z
      .string()
      .trim()
      .refine((value) => /^smtps?:\/\/[^/\s]+/.test(value), "an smtp:// or smtps:// URL")
      .optional(),
  ),
  /**
   * Public origin of the shop (https://tmg-podarki.ru) for links in letters (the subscription's
   * confirmation). Required with SMTP_URL: a letter to a stranger must not take its link from a
   * request header. Unset without SMTP: the link follows the host the visitor used (letters go to the log).
   */
  SITE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i, "an origin such as https://tmg-podarki.ru")
      .transform((value) => value.replace(/\/$/, "").toLowerCase())
      .optional(),
  ),
  /**
   * §9 Yandex Metrika counter id (digits). Set: the official tag loads on every page, counts client
   * navigations and the §9 goals (app/lib/analytics.ts, ADR 032); unset: nothing loads.
   * The one value of the environment that reaches the browser.
   */
  METRIKA_ID: optional(z.string().trim().regex(/^\d{1,12}$/, "a Yandex Metrika counter id (digits)").optional()),
  /**
   * HMAC key of the embedded API's access tokens (≥ 32 characters). Unset: one random key is kept in
   * the database (every instance on it agrees). Required when APP_ENV=production.
   */
  AUTH_SECRET: optional(z.string().min(32, "at least 32 characters").optional()),
  /**
   * Redis (redis://host:6379) for what several instances share: every rate limit (ADR 041). Unset: kept
   * in this process (one instance).
   */
  REDIS_URL: optional(z.string().trim().regex(/^rediss?:\/\/\S+$/, "a redis:// or rediss:// URL").optional()),
  /**
   * HTTP SMS provider of login and phone codes (api/auth/sms.ts): a URL the code is POSTed to as
   * JSON { phone, text, channel }. Unset: each code is written to the server log (not in production).
   */
  SMS_URL: optional(z.string().trim().url().optional()),
  /**
   * DaData token: address suggestions on the delivery address form, and the visitor's city from
   * their IP (ADR 062); unset = plain fields and no city suggestion, DaData is never called.
   */
  DADATA_API_KEY: optional(z.string().trim().regex(/^[A-Za-z0-9]{16,64}$/, "a DaData API key").optional()),
  /** The root of DaData's suggestions API (tests point it at a fake); the real one by default. */
  DADATA_URL: optional(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i, "an http(s) URL without a query, such as https://suggestions.dadata.ru/suggestions/api/4_1/rs")
      .transform((value) => value.replace(/\/+$/, ""))
      .default("https://suggestions.dadata.ru/suggestions/api/4_1/rs"),
  ),
  /** From header of that mail. */
  MAIL_FROM: optional(z.string().trim().default("ТМГ <info@tmg-podarki.ru>")),
  /** Milliseconds SIGTERM keeps serving (with Connection: close) before closing the listener. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1000),
  /** Seconds to wait for in-flight requests on SIGTERM. */
  SHUTDOWN_TIMEOUT: optional(z.coerce.number().int().positive().default(10)),
  /**
   * Shared secret of the nginx edge in front of several instances (ADR 060, deploy/nginx): a request
   * from a trusted proxy (TRUST_PROXY) that carries it in X-Edge-Secret gets the secret as its CSP
   * nonce (the edge puts a fresh one in per response), keeps its shared-cache directives and its
   * city cookie in X-Edge-City-Cookie. Unset: no request is the edge's.
   */
  EDGE_SECRET: optional(z.string().regex(/^[A-Za-z0-9]{32,128}$/, "32 to 128 letters and digits").optional()),
  /** Anonymous page micro-cache (server/page-cache.ts; routes opt in, ADR 023): "off" renders every request. */
  PAGE_CACHE: optional(z.enum(["on", "off"]).default("on")),
  /**
   * Shared read cache of anonymous catalogue API answers (endpoints marked `shared`): seconds an
   * answer stays fresh (then served stale up to 10× longer while one call refreshes it); 0 = off.
   * The embedded API also clears it whenever catalogue data changes.
   */
  API_CACHE_TTL: optional(z.coerce.number().int().min(0).default(30)),
  /** Upper bound of that cache, in MB of answer JSON. */
  API_CACHE_MB: optional(z.coerce.number().int().positive().default(16)),
  /**
   * Page requests rendered at a time (two while the CPU is busy, up to this many while pages wait
   * for I/O, ADR 020), the rest wait in arrival order (ADR 016); 0 = no limit.
   * Unset: 8 with the embedded API (its work is CPU in this process), no limit with API_URL
   * (pages then mostly wait for the network).
   */
  RENDER_CONCURRENCY: optional(z.coerce.number().int().min(0).optional()),
});
export type Env = z.infer<typeof EnvSchema> & { apiUrl: URL | null };

/** Parses the environment once at boot; throws with the §8 message when API_URL is not a URL. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${fields}`);
  }
  if (parsed.data.APP_ENV === "production" && !parsed.data.AUTH_SECRET && !parsed.data.API_URL) {
    throw new Error("Invalid environment: AUTH_SECRET: required when APP_ENV=production (at least 32 random characters)");
  }
  if (parsed.data.SMTP_URL && !parsed.data.SITE_URL) {
    throw new Error("Invalid environment: SITE_URL: required with SMTP_URL (the origin of links in letters, e.g. https://tmg-podarki.ru)");
  }
  let apiUrl: URL | null = null;
  if (parsed.data.API_URL !== undefined) {
    try {
      apiUrl = new URL(parsed.data.API_URL);
      if (apiUrl.protocol !== "http:" && apiUrl.protocol !== "https:") throw new Error("protocol");
    } catch {
      throw new Error(MISSING_API_URL_MESSAGE);
    }
  }
  return { ...parsed.data, apiUrl };
}
