/**
 * Chooses the backend the storefront's /api calls go to: the embedded reference API, started here
 * in this process (the app never imports api/), or the external API at API_URL.
 */
import type { Backend } from "#app/lib/backend.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import type { Limits } from "#limits/limiter.ts";
import type { ChangeEvents } from "#shared/changes.ts";

/**
 * `limits`: the shop's rate limiter, shared with the embedded API (its writes, letters, logins).
 * `changes`: the change events (ADR 061): the embedded API fires them; with API_URL they still
 * arrive through Redis when that API is an instance of this server on the same REDIS_URL.
 */
export async function createBackend(env: Env, limits?: Limits, changes?: ChangeEvents): Promise<Backend> {
  if (env.apiUrl) return externalBackend(env.apiUrl, changes);
  const { startReferenceApi } = await import("../api/index.ts");
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
    changes,
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

function externalBackend(apiUrl: URL, changes?: ChangeEvents): Backend {
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
    onChange: (listener) => void changes?.onChange(listener),
    describe: `external API ${baseUrl}`,
  };
}
