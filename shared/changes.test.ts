/**
 * Change events (ADR 061): in process; through the real Redis of TEST_REDIS_URL between two
 * instances (a channel of this run's own), each change run once on each instance, the writer
 * included; and through a Redis server of the test's own that is stopped and started again: the
 * writer's listeners and the limits keep working meanwhile (per process), and once it is back every
 * instance drops its caches once and events flow again. Every wait is on an event, never a timer.
 */
import { afterAll, describe, expect, it } from "vitest";
import { connectRedis, type RedisLink } from "./redis.ts";
import { announceChange, createChangeEvents, type ChangeEvents } from "./changes.ts";
import { createLimits, RateLimited, type Limits } from "../limits/limiter.ts";
import { TIERS } from "../limits/tiers.ts";
import { hasRedisServer, startOwnRedis, type OwnRedis } from "../tests/support/redis-server.ts";
import { countEvents, nextEvent as next } from "../tests/support/events.ts";

const seen = (changes: ChangeEvents) => countEvents((listener) => changes.onChange(listener));

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as RateLimited);

describe("in process (no REDIS_URL)", () => {
  it("runs every listener at once; a failing one is reported and the others still run; a stopped one no more", async () => {
    const errors: unknown[] = [];
    const changes = createChangeEvents({ logError: (e) => errors.push(e) });
    expect(await changes.ready()).toBe(true);
    expect(changes.describe).toBe("change events in process");
    let first = 0;
    let second = 0;
    const stop = changes.onChange(() => first++);
    changes.onChange(() => {
      throw new Error("listener failed");
    });
    changes.onChange(() => second++);
    await changes.notify();
    expect([first, second]).toEqual([1, 1]);
    expect(errors).toHaveLength(1);
    stop();
    await changes.notify();
    expect([first, second]).toEqual([1, 2]);
    await changes.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("two instances on one Redis (TEST_REDIS_URL)", () => {
  const channel = `test-changes-${process.pid}-${Date.now()}`;
  const links: RedisLink[] = [];
  afterAll(async () => {
    await Promise.all(links.map((l) => l.close()));
  });

  it("a change on A runs A's listeners at once and B's once; nobody runs their own event twice; an outside PUBLISH reaches all", async () => {
    const [linkA, linkB] = [connectRedis(redisUrl!), connectRedis(redisUrl!)];
    links.push(linkA, linkB);
    const a = createChangeEvents({ redis: linkA, channel });
    const b = createChangeEvents({ redis: linkB, channel });
    expect(await a.ready()).toBe(true);
    expect(await b.ready()).toBe(true);
    expect(a.describe).toContain("Redis");
    const seenA = seen(a);
    const seenB = seen(b);

    const notified = a.notify();
    expect(seenA.count).toBe(1); // the writer's own caches: before Redis is asked
    await notified;
    await seenB.reach(1);

    await b.notify();
    expect(seenB.count).toBe(2);
    // One channel delivers in order: B's event reaches A after A's own, which A skipped.
    await seenA.reach(2);
    expect(seenA.count).toBe(2);

    // An import writing the database announces itself with a PUBLISH of anything.
    await linkA.client.publish(channel, "import");
    await Promise.all([seenA.reach(3), seenB.reach(3)]);
    // B's own event came before the import's and was skipped.
    expect([seenA.count, seenB.count]).toEqual([3, 3]);

    // A process that is no instance (npm run seed) announces its change the same way.
    expect(await announceChange(redisUrl!, channel)).toBe(true);
    await Promise.all([seenA.reach(4), seenB.reach(4)]);
    await Promise.all([a.close(), b.close()]);
  });

  it("an announcement with Redis unreachable answers false and throws nothing", async () => {
    const log: string[] = [];
    expect(await announceChange("redis://127.0.0.1:1", channel, (m) => log.push(m))).toBe(false);
    expect(log).toHaveLength(1);
  });
});

describe.skipIf(!hasRedisServer)("Redis stopped and started again (a redis-server of the test's own)", () => {
  let own: OwnRedis;
  const links: RedisLink[] = [];
  const limiters: Limits[] = [];
  afterAll(async () => {
    await Promise.all([...limiters.map((l) => l.close()), ...links.map((l) => l.close())]);
    await own?.stop();
  });

  it("writes and limits go on per process, then events and counts are shared again", async () => {
    own = await startOwnRedis();
    const logA: string[] = [];
    const linkA = connectRedis(own.url, { logError: (m) => logA.push(m) });
    const linkB = connectRedis(own.url, { logError: () => {} });
    links.push(linkA, linkB);
    const a = createChangeEvents({ redis: linkA });
    const b = createChangeEvents({ redis: linkB });
    const prefix = `outage-${process.pid}-${Date.now()}`;
    const limitsA = createLimits({ redis: linkA, prefix });
    const limitsB = createLimits({ redis: linkB, prefix });
    limiters.push(limitsA, limitsB);
    expect(await Promise.all([linkA.ready(), linkB.ready(), a.ready(), b.ready()])).toEqual([true, true, true, true]);
    const seenA = seen(a);
    const seenB = seen(b);
    await a.notify();
    await seenB.reach(1);
    expect(await linkA.ping()).toBe(true);

    // Down: both connections of each link see it close.
    const lost = [next(linkA.client, "error"), next(linkA.subscriber(), "error"), next(linkB.client, "error"), next(linkB.subscriber(), "error")];
    await own.stop();
    await Promise.all(lost);
    expect(await linkA.ping()).toBe(false);
    expect(logA).toHaveLength(1);
    expect(logA[0]).toMatch(/^Redis unavailable, using in-process limits/);

    // The writer's own caches are still dropped; nothing throws.
    await a.notify();
    expect(seenA.count).toBe(2);
    // Limits hold, per process: A spends its hour of orders, B (another process) still has its own.
    const [hour] = TIERS.order.windows;
    for (let i = 0; i < hour!.points; i++) await limitsA.consume("order", "203.0.113.50");
    expect(await refusal(limitsA.consume("order", "203.0.113.50"))).toBeInstanceOf(RateLimited);
    await expect(limitsB.consume("order", "203.0.113.50")).resolves.toMatchObject({ remaining: hour!.points - 1 });

    // Back: each subscriber, resubscribed, drops its caches once (it may have missed events)…
    const backA = next(linkA.client, "ready");
    const backB = next(linkB.client, "ready");
    await own.start();
    await Promise.all([backA, backB, seenA.reach(3), seenB.reach(2)]);
    expect(logA.at(-1)).toMatch(/^Redis is back/);
    expect(await linkA.ping()).toBe(true);
    // …and changes flow again.
    await a.notify();
    await seenB.reach(3);
    expect([seenA.count, seenB.count]).toEqual([4, 3]);
    // Counts are shared again: what A spends, B is refused.
    for (let i = 0; i < hour!.points; i++) await limitsA.consume("order", "203.0.113.51");
    expect(await refusal(limitsB.consume("order", "203.0.113.51"))).toBeInstanceOf(RateLimited);
  });
});
