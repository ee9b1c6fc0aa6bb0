/**
 * The shop's one rate limiter (issue 25, ADR 041; it grew out of the auth limits of ADR 033), used by
 * the storefront (the page tier) and by the embedded API (writes, letters, logins, codes), with the
 * tiers of tiers.ts. One store for all of them, on `rate-limiter-flexible`:
 *
 * - in process (RateLimiterMemory) by default: one instance;
 * - in Redis (RateLimiterRedis over the `redis` package) with REDIS_URL: every instance shares each
 *   count. While Redis is down each window falls back to its in-process twin (`insuranceLimiter`),
 *   so limits hold per process and nothing fails because of the store. The connection is the
 *   process's one Redis link (shared/redis.ts, ADR 061), which the change events share.
 *
 * A refusal throws RateLimited (seconds to wait, the tier's Russian message): the API answers it as
 * 429 with Retry-After in its error shape, the storefront's forms show the message.
 */
import { isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { connectRedis, type RedisLink } from "../shared/redis.ts";
import { TIERS, type LimitWindow, type TierName } from "./tiers.ts";

export class RateLimited extends Error {
  constructor(
    readonly retryAfterS: number,
    message: string,
    /** The form field the refusal belongs to (a code, a phone), if any. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "RateLimited";
  }
}

/** What a counted request left: the fewest points left in any window, and when the spent ones renew. */
export interface LimitState {
  remaining: number;
  /** Seconds until every spent window renews (0 when none is spent). */
  retryAfterS: number;
}

export interface Limits {
  readonly describe: string;
  /** Counts `points` for `key` in every window of the tier; throws RateLimited when one is over. */
  consume(tier: TierName, key: string, points?: number): Promise<LimitState>;
  /** Throws RateLimited when a window of the tier has nothing left for `key`; counts nothing. */
  check(tier: TierName, key: string): Promise<void>;
  /** Forgets `key` in the tier (a success clears its failures). */
  clear(tier: TierName, key: string): Promise<void>;
  /** Settles once the store is reachable (true), or its first connection failed (false: in process meanwhile). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface LimitsOptions {
  /** The process's Redis link (shared/redis.ts), shared with the change events; not closed here. */
  redis?: RedisLink;
  /** redis:// URL for a link of the limiter's own (closed with it), when `redis` is not given; unset = in process. */
  redisUrl?: string;
  /** Key prefix (tests sharing one Redis isolate their runs). */
  prefix?: string;
  logError?: (message: string) => void;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The bucket of a client address: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by its
 * /64, which one subscriber usually holds whole (counting each of its 2^64 addresses apart would be
 * no limit at all). Anything else (no address) is one bucket, "unknown".
 */
export function clientKey(ip: string | null | undefined): string {
  const value = (ip ?? "").trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1]!;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(value)) return value;
  if (isIPv6(value)) {
    const [head, tail = ""] = value.split("::");
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    const groups = value.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
    return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
  }
  return "unknown";
}

export function createLimits(options: LimitsOptions = {}): Limits {
  const prefix = options.prefix ?? "limits";
  const own = !options.redis && options.redisUrl ? connectRedis(options.redisUrl, { logError: options.logError }) : null;
  const link = options.redis ?? own;
  let make: (name: string, window: LimitWindow) => RateLimiterAbstract;
  if (link) {
    // While Redis is down (the link reconnects on its own and logs the outage once) every window
    // counts in its in-process twin.
    make = (name, window) =>
      new RateLimiterRedis({
        storeClient: link.client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix: `${prefix}:${name}`,
        points: window.points,
        duration: window.seconds,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points: window.points, duration: window.seconds }),
      });
  } else {
    make = (name, window) => new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points: window.points, duration: window.seconds });
  }

  type Counter = { window: LimitWindow; limiter: RateLimiterAbstract };
  const counters = new Map<TierName, Counter[]>();
  const of = (tier: TierName): Counter[] => {
    let list = counters.get(tier);
    if (!list) {
      list = TIERS[tier].windows.map((window) => ({ window, limiter: make(`${tier}:${window.seconds}`, window) }));
      counters.set(tier, list);
    }
    return list;
  };
  const refuse = (tier: TierName, retryAfterS: number) => new RateLimited(retryAfterS, TIERS[tier].message(retryAfterS));

  return {
    describe: link ? "rate limits in Redis (REDIS_URL)" : "rate limits in process",

    async consume(tier, key, points = 1) {
      // All windows at once (one round trip to Redis). A refused request did nothing, so it is given
      // back: a click refused by the minute does not use up the hour, nor a refused file the bytes.
      const results = await Promise.all(
        of(tier).map(({ window, limiter }) =>
          limiter.consume(key, points).then(
            (res) => ({ window, res, over: false }),
            (res: unknown) => {
              if (!(res instanceof RateLimiterRes)) throw res;
              return { window, res, over: true };
            },
          ),
        ),
      );
      const over = results.filter((r) => r.over);
      if (over.length) {
        await Promise.all(of(tier).map(({ limiter }) => limiter.reward(key, points)));
        throw refuse(tier, Math.max(...over.map((r) => seconds(r.res.msBeforeNext))));
      }
      const spent = results.filter((r) => r.res.consumedPoints >= r.window.points);
      return {
        remaining: Math.min(...results.map((r) => r.window.points - r.res.consumedPoints)),
        retryAfterS: spent.length ? Math.max(...spent.map((r) => seconds(r.res.msBeforeNext))) : 0,
      };
    },

    async check(tier, key) {
      const results = await Promise.all(of(tier).map(async ({ window, limiter }) => ({ window, res: await limiter.get(key) })));
      // A window whose time is up counts as renewed even before the store drops it.
      const spent = results.filter(({ window, res }) => res && res.msBeforeNext > 0 && res.consumedPoints >= window.points);
      if (spent.length) throw refuse(tier, Math.max(...spent.map((r) => seconds(r.res!.msBeforeNext))));
    },

    async clear(tier, key) {
      await Promise.all(of(tier).map(({ limiter }) => limiter.delete(key)));
    },

    ready: () => link?.ready() ?? Promise.resolve(true),

    async close() {
      await own?.close();
    },
  };
}
