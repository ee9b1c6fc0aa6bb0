import type { Env } from "./env.server.ts";
import type { Limits } from "#limits/limiter.ts";

/** Where the storefront's /api calls go: the embedded reference API (in-process) or API_URL. */
export interface Backend {
  /** Absolute base of the /api contract, e.g. "http://reference.internal/api". */
  baseUrl: string;
  /** Fetch to use for API calls; in-process for the embedded API (no socket hop). */
  fetch: (request: Request) => Promise<Response>;
  /**
   * The reference API runs in this process: the server also serves `fetch` to browsers and other
   * clients at /api (server/api-listener.ts).
   */
  embedded?: boolean;
  /** Readiness: the database, or the external API, answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Subscribe to catalogue/content changes, so caches can be dropped (embedded only). */
  onChange(listener: () => void): void;
  describe: string;
}

/** `limits`: the shop's rate limiter, shared with the embedded API (its writes, letters, logins). */
export async function createBackend(env: Env, limits?: Limits): Promise<Backend> {
  if (env.apiUrl) return externalBackend(env.apiUrl);
  const { startReferenceApi } = await import("../../api/index.ts");
  const reference = await startReferenceApi({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    siteUrl: env.SITE_URL,
    authSecret: env.AUTH_SECRET,
    appEnv: env.APP_ENV,
    redisUrl: env.REDIS_URL,
    limits,
    smsUrl: env.SMS_URL,
    // The same lifetime as the storefront's read cache of catalogue answers (0 = both off).
    readCacheTtlS: env.API_CACHE_TTL,
  });
  return {
    baseUrl: "http://reference.internal/api",
    fetch: (request) => Promise.resolve(reference.fetch(request)),
    embedded: true,
    ping: reference.ping,
    close: reference.close,
    onChange: reference.onChange,
    describe: reference.describe,
  };
}

function externalBackend(apiUrl: URL): Backend {
  const baseUrl = new URL("api", apiUrl.href.endsWith("/") ? apiUrl.href : `${apiUrl.href}/`).href.replace(/\/$/, "");
  return {
    baseUrl,
    fetch: (request) => fetch(request),
    async ping() {
      try {
        const res = await fetch(`${baseUrl}/city/`, { signal: AbortSignal.timeout(2000) });
        await res.body?.cancel();
        return res.status < 500;
      } catch {
        return false;
      }
    },
    close: async () => {},
    onChange: () => {},
    describe: `external API ${baseUrl}`,
  };
}
