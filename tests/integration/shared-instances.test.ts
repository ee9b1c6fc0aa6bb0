/**
 * Issue 28, ADR 061: instances share what must be shared.
 *
 * - Two embedded APIs on one PostgreSQL database (TEST_DATABASE_URL) and one Redis
 *   (TEST_REDIS_URL, a channel and key prefix of this run's own): a catalogue change announced on
 *   A drops B's search answers at once (they would otherwise live for minutes), B's listeners run
 *   once, and a limit spent on A is spent on B.
 * - Two instances starting together on one PostgreSQL add the demo accounts' data once.
 * - A Redis server of the test's own, stopped and started again: writes through the API succeed
 *   while it is down, the writer's caches are still dropped, `/readyz` answers 200 "degraded"
 *   (503 only without the database), and once Redis is back it says "ready" and events flow.
 * Every wait is on an event, never a timer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createReferenceApi, prepareDemoAccounts, type ReferenceApi } from "../../api/index";
import { DEMO_ADDRESSES, DEMO_COMPANIES, ORDER_PLAN } from "../../api/account/demo-data";
import { MEMORY, migrateDatabase, openDatabase, queryRows, type Database } from "../../api/db/client";
import { seedDatabase } from "../../api/db/seed";
import { refreshCatalogFacets } from "../../api/catalog/refresh";
import { createMailer } from "../../api/mail/mailer";
import { createScratchDatabase, testBackends } from "../../api/testing";
import { CLIENT_IP_HEADER, endpoints } from "../../contract/index";
import { createLimits, type Limits } from "../../limits/limiter";
import { TIERS } from "../../limits/tiers";
import { connectRedis, type RedisLink } from "../../shared/redis";
import { createChangeEvents, type ChangeEvents } from "../../shared/changes";
import { readinessHandler } from "../../server/health";
import { hasRedisServer, startOwnRedis, type OwnRedis } from "../support/redis-server";
import { countEvents as seen, nextEvent as next } from "../support/events";


/** One instance's share of the process: its Redis link, limits, change events and embedded API. */
interface Instance {
  link: RedisLink;
  limits: Limits;
  changes: ChangeEvents;
  api: ReferenceApi;
  call(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  close(): Promise<void>;
}

function instance(database: Pick<Database, "db" | "describe" | "close">, redisUrl: string, names: { channel?: string; prefix: string }): Instance {
  const link = connectRedis(redisUrl, { logError: () => {} });
  const limits = createLimits({ redis: link, prefix: names.prefix });
  const changes = createChangeEvents({ redis: link, channel: names.channel });
  const api = createReferenceApi(database, { limits, changes, appEnv: "test", mailer: createMailer({ transport: { describe: "memory", deliver: async () => {} }, logError: () => {} }) });
  return {
    link,
    limits,
    changes,
    api,
    call: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set(CLIENT_IP_HEADER, init.ip ?? "198.51.100.200");
      if (init.body) headers.set("Content-Type", "application/json");
      return api.fetch(new Request(`http://x/api${path}`, { ...init, headers }));
    },
    async close() {
      await api.close();
      await limits.close();
      await changes.close();
      await link.close();
    },
  };
}

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseUrl || !redisUrl)("two instances on one PostgreSQL and one Redis", () => {
  const run = `${process.pid}-${Date.now()}`;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: Instance;
  let b: Instance;
  let dbA: Database;
  let dbB: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!);
    dbA = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
    await migrateDatabase(dbA);
    await seedDatabase(dbA.db, { groups: 40 });
    dbB = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
    a = instance(dbA, redisUrl!, { channel: `test-instances-${run}`, prefix: `test-instances-${run}` });
    b = instance(dbB, redisUrl!, { channel: `test-instances-${run}`, prefix: `test-instances-${run}` });
    expect(await Promise.all([a.changes.ready(), b.changes.ready(), a.limits.ready(), b.limits.ready()])).toEqual([true, true, true, true]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  it("a catalogue change announced on A drops B's search answers at once; each instance runs its listeners once", async () => {
    const seenA = seen(a.api.onChange);
    const seenB = seen(b.api.onChange);
    const search = async (on: Instance) => {
      const res = await on.call(`/search/global?text=${encodeURIComponent("гиперболоид")}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { products: { id: number }[] } }).data.products.map((p) => p.id);
    };
    expect(await search(b)).toEqual([]);
    // A group renamed in the database (an import), its words refreshed: B still answers from its cache…
    const [{ id }] = await queryRows<{ id: number }>(dbA.db, sql`SELECT id FROM product_groups WHERE is_active ORDER BY id LIMIT 1`);
    await dbA.db.execute(sql`UPDATE product_groups SET title = 'Ручка «Гиперболоид»' WHERE id = ${id}`);
    await refreshCatalogFacets(dbA.db, [id]);
    expect(await search(b)).toEqual([]);
    // …until A announces the change.
    await a.api.notifyChange();
    expect(seenA.count).toBe(1);
    await seenB.reach(1);
    expect(await search(b)).toContain(Number(id));
    expect(await search(a)).toContain(Number(id));
    // A's own event, back from Redis, ran nothing twice: B's next one reaches A after it.
    await b.api.notifyChange();
    await seenA.reach(2);
    expect([seenA.count, seenB.count]).toEqual([2, 2]);
  });

  it("a write limit spent on A is spent on B (the subscription tier, through the API)", async () => {
    const ip = "198.51.100.77";
    const points = TIERS.subscription.windows[0]!.points;
    for (let i = 0; i < points; i++) {
      const res = await a.call(endpoints.subscriptionCreate.path, { method: "POST", ip, body: JSON.stringify({ email: `shared${i}@example.ru` }) });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    }
    const refused = await b.call(endpoints.subscriptionCreate.path, { method: "POST", ip, body: JSON.stringify({ email: "one-more@example.ru" }) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Слишком много подписок/);
  });
});

describe.skipIf(!databaseUrl)("two instances starting together on one PostgreSQL", () => {
  it("add the demo accounts' companies, addresses and orders once, not once each", async () => {
    const scratch = await createScratchDatabase(databaseUrl!);
    const databases: Database[] = [];
    try {
      for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY }));
      await migrateDatabase(databases[0]!);
      await seedDatabase(databases[0]!.db, { groups: 40 });
      // The start-up step of each instance, at the same moment.
      await Promise.all(databases.map((database) => prepareDemoAccounts(database)));
      const count = async (table: "legal_companies" | "shipment_addresses" | "orders") =>
        (await queryRows<{ n: number }>(databases[0]!.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE user_id = (SELECT id FROM users WHERE email = 'user@demo.ru')`))[0]!.n;
      expect(await count("legal_companies")).toBe(DEMO_COMPANIES.length);
      expect(await count("shipment_addresses")).toBe(DEMO_ADDRESSES.length);
      expect(await count("orders")).toBe(ORDER_PLAN.length);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await scratch.drop();
    }
  });
});

describe.skipIf(!hasRedisServer)("Redis down and back (a redis-server of the test's own)", () => {
  let own: OwnRedis;
  let one: Instance;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let draining = false;
  let readyz: () => Promise<{ status: number; body: unknown }>;

  beforeAll(async () => {
    own = await startOwnRedis();
    const [backend] = testBackends();
    const { database, cleanup } = await backend!.open();
    await seedDatabase(database.db, { groups: 40 });
    one = instance({ db: database.db, describe: database.describe, close: cleanup }, own.url, { prefix: `down-${process.pid}` });
    expect(await one.changes.ready()).toBe(true);
    // /readyz as server.ts mounts it.
    const app = express();
    app.get("/readyz", readinessHandler({ draining: () => draining, backend: one.api, redis: one.link }));
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    readyz = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      return { status: res.status, body: await res.json() };
    };
  });
  afterAll(async () => {
    server?.close();
    await one?.close();
    await own?.stop();
  });

  it("ready with Redis up; degraded (200) with Redis down while writes work; ready again once it is back; 503 only without the database", async () => {
    const changed = seen(one.api.onChange);
    expect(await readyz()).toEqual({ status: 200, body: { status: "ready", redis: "up" } });

    const lost = [next(one.link.client, "error"), next(one.link.subscriber(), "error")];
    await own.stop();
    await Promise.all(lost);
    expect(await readyz()).toEqual({ status: 200, body: { status: "degraded", redis: "down" } });
    // Writes go on (their limits counted in process), and this instance's caches are still dropped.
    const res = await one.call(endpoints.subscriptionCreate.path, { method: "POST", body: JSON.stringify({ email: "while-down@example.ru" }) });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    await one.api.notifyChange();
    expect(changed.count).toBe(1);

    const back = next(one.link.client, "ready");
    await own.start();
    // Resubscribed: the caches are dropped once for the events missed meanwhile.
    await Promise.all([back, changed.reach(2)]);
    expect(await readyz()).toEqual({ status: 200, body: { status: "ready", redis: "up" } });

    draining = true;
    expect(await readyz()).toEqual({ status: 503, body: { status: "unavailable", redis: "up" } });
    draining = false;
    await one.api.close();
    expect(await readyz()).toEqual({ status: 503, body: { status: "unavailable", redis: "up" } });
  });
});
