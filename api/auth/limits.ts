/**
 * Abuse limits of the auth and code-sending calls (issue 19, ADR 033), on `rate-limiter-flexible`:
 * in process (RateLimiterMemory) by default, in Redis (RateLimiterRedis over the `redis` package)
 * when REDIS_URL is set, so several instances share one count. If Redis is down the limits fall
 * back to the in-process ones (`insuranceLimiter`) rather than failing logins.
 *
 * - per account: LOGIN_FAILURES failed logins in LOGIN_WINDOW_S → further logins of that account
 *   (right password or not) are refused with 429 until the window ends; a success clears the count;
 * - per IP: IP_REQUESTS auth requests a minute (login, signup, codes, refresh, reset);
 * - per phone / e-mail: one code or letter a minute (CODE_INTERVAL_S).
 *
 * A refused call throws RateLimited with the seconds left: the route answers 429 + Retry-After.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { createClient } from "redis";

export const LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_S = 15 * 60;
export const IP_REQUESTS = 30;
export const IP_WINDOW_S = 60;
export const CODE_INTERVAL_S = 60;

export class RateLimited extends Error {
  constructor(
    readonly retryAfterS: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "RateLimited";
  }
}

function plural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

export function minutesText(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} ${plural(m, "минуту", "минуты", "минут")}`;
}

export function secondsText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return `${s} ${plural(s, "секунду", "секунды", "секунд")}`;
}

export const loginBlockedMessage = (s: number) => `Слишком много неудачных попыток входа. Попробуйте через ${minutesText(s)}`;
export const ipLimitedMessage = (s: number) => `Слишком много запросов. Попробуйте через ${secondsText(s)}`;
export const codeLimitedMessage = (s: number) => `Новый код можно запросить через ${secondsText(s)}`;
export const letterLimitedMessage = (s: number) => `Письмо уже отправлено. Повторить можно через ${secondsText(s)}`;

export interface AuthLimits {
  readonly describe: string;
  /** One auth request from `ip`; throws RateLimited past IP_REQUESTS a minute. */
  ip(ip: string): Promise<void>;
  /** Throws RateLimited when the account is locked by failed logins. */
  loginAllowed(account: string): Promise<void>;
  /** Counts a failed login; throws RateLimited when this one locked the account. */
  loginFailed(account: string): Promise<void>;
  /** A successful login clears the account's failures. */
  loginSucceeded(account: string): Promise<void>;
  /** One code per phone (or letter per e-mail) a minute; throws RateLimited with the seconds left. */
  codeSend(target: string, kind?: "code" | "letter"): Promise<void>;
  close(): Promise<void>;
}

export interface LimitsOptions {
  /** redis:// URL; unset = in-process limits. */
  redisUrl?: string;
  /** Key prefix (tests isolate runs sharing one Redis). */
  prefix?: string;
  logError?: (message: string) => void;
}

const retryS = (res: unknown) => (res instanceof RateLimiterRes ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 1);

export function createAuthLimits(options: LimitsOptions = {}): AuthLimits {
  const prefix = options.prefix ?? "auth";
  const specs = {
    login: { points: LOGIN_FAILURES, duration: LOGIN_WINDOW_S },
    ip: { points: IP_REQUESTS, duration: IP_WINDOW_S },
    code: { points: 1, duration: CODE_INTERVAL_S },
  } as const;
  let client: ReturnType<typeof createClient> | null = null;
  let make: (name: keyof typeof specs) => RateLimiterAbstract;
  if (options.redisUrl) {
    const logError = options.logError ?? ((message: string) => console.error(`[auth] ${message}`));
    client = createClient({ url: options.redisUrl, socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 5000) } });
    let reported = false;
    client.on("error", (error: unknown) => {
      if (reported) return;
      reported = true;
      logError(`Redis for rate limits unavailable, using in-process limits: ${error instanceof Error ? error.message : String(error)}`);
    });
    client.on("ready", () => {
      reported = false;
    });
    client.connect().catch(() => {});
    const redis = client;
    make = (name) =>
      new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix: `${prefix}:${name}`,
        ...specs[name],
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, ...specs[name] }),
      });
  } else {
    make = (name) => new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, ...specs[name] });
  }
  const login = make("login");
  const ip = make("ip");
  const code = make("code");

  return {
    describe: options.redisUrl ? "auth limits in Redis (REDIS_URL)" : "auth limits in process",
    async ip(address) {
      try {
        await ip.consume(address || "unknown");
      } catch (res) {
        if (res instanceof Error) throw res;
        throw new RateLimited(retryS(res), ipLimitedMessage(retryS(res)));
      }
    },
    async loginAllowed(account) {
      const res = await login.get(account);
      if (res && res.consumedPoints >= LOGIN_FAILURES) throw new RateLimited(retryS(res), loginBlockedMessage(retryS(res)));
    },
    async loginFailed(account) {
      try {
        const res = await login.consume(account);
        if (res.consumedPoints >= LOGIN_FAILURES) throw new RateLimited(retryS(res), loginBlockedMessage(retryS(res)));
      } catch (res) {
        if (res instanceof Error) throw res;
        throw new RateLimited(retryS(res), loginBlockedMessage(retryS(res)));
      }
    },
    async loginSucceeded(account) {
      await login.delete(account);
    },
    async codeSend(target, kind = "code") {
      try {
        await code.consume(`${kind}:${target}`);
      } catch (res) {
        if (res instanceof Error) throw res;
        const s = retryS(res);
        throw new RateLimited(s, kind === "code" ? codeLimitedMessage(s) : letterLimitedMessage(s), kind === "code" ? "phone" : "email");
      }
    },
    async close() {
      if (client?.isOpen) await client.quit().catch(() => {});
      else client?.destroy?.();
    },
  };
}
