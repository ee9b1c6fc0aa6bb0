/**
 * The shop's one rate limiter (ADR 041): client keys, the wait in Russian, windows that refuse and
 * renew, checks that count nothing, and the same counts in Redis (TEST_REDIS_URL, a key prefix of
 * its own) shared by two instances, falling back to in-process counts while Redis is down.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clientKey, createLimits, RateLimited, type Limits } from "./limiter.ts";
import { TIERS } from "./tiers.ts";
import { waitText } from "../contract/plural.ts";
import { connectRedis } from "../shared/redis.ts";

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as RateLimited);

describe("client keys", () => {
  it("IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64, anything else one bucket", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(clientKey("2001:DB8:aa:bb::99")).toBe("2001:db8:aa:bb::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    for (const junk of ["", "unknown", "1.2.3", "x".repeat(100), undefined, null]) expect(clientKey(junk)).toBe("unknown");
  });
});

describe("the wait in Russian", () => {
  it("seconds, minutes or hours, whichever reads best", () => {
    expect(waitText(1)).toBe("1 секунду");
    expect(waitText(42)).toBe("42 секунды");
    expect(waitText(90)).toBe("90 секунд");
    expect(waitText(91)).toBe("2 минуты");
    expect(waitText(840)).toBe("14 минут");
    expect(waitText(60 * 60)).toBe("60 минут");
    expect(waitText(3 * 3600)).toBe("3 часа");
    expect(waitText(21 * 3600 + 1)).toBe("22 часа");
    expect(waitText(5 * 3600)).toBe("5 часов");
  });
});

/** The behaviour every store must have; `make` gives a fresh limiter with its own keys. */
function behaves(make: () => Limits) {
  const limits = make();
  beforeAll(async () => {
    await limits.ready();
  });
  afterAll(() => limits.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("allows a tier's points, then refuses with the Russian message and the seconds left; other keys go on", async () => {
    const [hour] = TIERS.order.windows;
    for (let i = 0; i < hour!.points; i++) await limits.consume("order", "198.51.100.1");
    const refused = await refusal(limits.consume("order", "198.51.100.1"));
    expect(refused).toBeInstanceOf(RateLimited);
    expect(refused!.retryAfterS).toBeGreaterThan(hour!.seconds - 30);
    expect(refused!.retryAfterS).toBeLessThanOrEqual(hour!.seconds);
    expect(refused!.message).toMatch(/^Слишком много заказов подряд\. Попробуйте через (59|60) минут/);
    await expect(limits.consume("order", "198.51.100.2")).resolves.toMatchObject({ remaining: hour!.points - 1 });
    // Another tier is another bucket.
    await expect(limits.consume("subscription", "198.51.100.1")).resolves.toBeTruthy();
  });

  it("counts points (bytes) and says what is left; check counts nothing; clear forgets", async () => {
    const key = "198.51.100.3";
    const [hour] = TIERS.uploadBytes.windows;
    const state = await limits.consume("uploadBytes", key, hour!.points - 10);
    expect(state).toMatchObject({ remaining: 10, retryAfterS: 0 });
    await limits.check("uploadBytes", key);
    await limits.check("uploadBytes", key);
    expect((await limits.consume("uploadBytes", key, 10)).remaining).toBe(0);
    const checked = await refusal(limits.check("uploadBytes", key));
    expect(checked).toBeInstanceOf(RateLimited);
    expect(checked!.message).toMatch(/^Слишком большой объём загруженных файлов\. Попробуйте через/);
    await limits.clear("uploadBytes", key);
    await limits.check("uploadBytes", key);
  });

  it("every window of a tier holds: the day's allowance outlasts the hour's", async () => {
    const key = "198.51.100.4";
    const [hour, day] = TIERS.order.windows;
    let refusedBy = 0;
    for (let i = 0; i < day!.points + 1; i++) {
      const refused = await refusal(limits.consume("order", key));
      if (refused) {
        refusedBy = refused.retryAfterS;
        break;
      }
    }
    expect(refusedBy).toBeGreaterThan(0);
    expect(refusedBy).toBeLessThanOrEqual(hour!.seconds);
  });
}

describe("in process", () => {
  behaves(() => createLimits({ prefix: `mem-${Date.now()}` }));

  it("a window renews when its time is up", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const limits = createLimits({ prefix: "renew" });
    for (let i = 0; i < TIERS.comment.windows[0]!.points; i++) await limits.consume("comment", "k");
    expect(await refusal(limits.consume("comment", "k"))).toBeInstanceOf(RateLimited);
    vi.setSystemTime(Date.now() + TIERS.comment.windows[0]!.seconds * 1000 + 1000);
    await limits.check("comment", "k");
    await expect(limits.consume("comment", "k")).resolves.toBeTruthy();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("in Redis (TEST_REDIS_URL)", () => {
  const prefix = `test-limits-${process.pid}-${Date.now()}`;
  behaves(() => createLimits({ redisUrl, prefix: `${prefix}-a` }));

  it("two instances share every count", async () => {
    const a = createLimits({ redisUrl, prefix: `${prefix}-shared` });
    const b = createLimits({ redisUrl, prefix: `${prefix}-shared` });
    try {
      expect(await a.ready()).toBe(true);
      expect(await b.ready()).toBe(true);
      expect(a.describe).toBe("rate limits in Redis (REDIS_URL)");
      const [hour] = TIERS.subscription.windows;
      for (let i = 0; i < hour!.points; i++) await (i % 2 ? a : b).consume("subscription", "203.0.113.9");
      expect(await refusal(a.consume("subscription", "203.0.113.9"))).toBeInstanceOf(RateLimited);
      expect(await refusal(b.consume("subscription", "203.0.113.9"))).toBeInstanceOf(RateLimited);
      await expect(b.check("subscription", "203.0.113.10")).resolves.toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("every tier of tiers.ts is one count for all instances: what A spends, B is refused (ADR 061)", async () => {
    // Two instances, each with its own Redis link, as two processes would have.
    const a = createLimits({ redisUrl, prefix: `${prefix}-tiers` });
    const b = createLimits({ redisUrl, prefix: `${prefix}-tiers` });
    try {
      expect(await Promise.all([a.ready(), b.ready()])).toEqual([true, true]);
      const tiers = Object.keys(TIERS) as (keyof typeof TIERS)[];
      expect(tiers.length).toBeGreaterThanOrEqual(20);
      for (const tier of tiers) {
        const key = `203.0.113.99|${tier}`;
        // The tier's smallest window, spent by A in one go.
        const points = Math.min(...TIERS[tier].windows.map((w) => w.points));
        await expect(a.consume(tier, key, points), tier).resolves.toMatchObject({ remaining: 0 });
        const refused = await refusal(b.consume(tier, key));
        expect(refused, tier).toBeInstanceOf(RateLimited);
        expect(refused!.message, tier).toBe(TIERS[tier].message(refused!.retryAfterS));
        expect(await refusal(b.check(tier, key)), tier).toBeInstanceOf(RateLimited);
        // Another key of the tier is untouched.
        await expect(b.check(tier, `${key}-other`), tier).resolves.toBeUndefined();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("runs over a Redis link it is given, shared with the change events, and leaves it open", async () => {
    const link = connectRedis(redisUrl!);
    const limits = createLimits({ redis: link, prefix: `${prefix}-link` });
    try {
      expect(await limits.ready()).toBe(true);
      await limits.consume("order", "203.0.113.30");
      await limits.close();
      expect(link.client.isReady).toBe(true);
      expect(await link.client.keys(`${prefix}-link:order:*`)).not.toEqual([]);
    } finally {
      await link.close();
    }
  });
});

describe("with Redis unreachable", () => {
  const errors: string[] = [];
  const limits = createLimits({ redisUrl: "redis://127.0.0.1:1", prefix: `down-${Date.now()}`, logError: (m) => errors.push(m) });
  afterAll(() => limits.close());

  it("still limits, in process, and says so once in the log", async () => {
    expect(await limits.ready()).toBe(false);
    const [hour] = TIERS.order.windows;
    for (let i = 0; i < hour!.points; i++) await limits.consume("order", "203.0.113.20");
    const refused = await refusal(limits.consume("order", "203.0.113.20"));
    expect(refused).toBeInstanceOf(RateLimited);
    expect(refused!.retryAfterS).toBeGreaterThan(3000);
    await limits.check("order", "203.0.113.21");
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatch(/using in-process limits/);
  });
});
