/**
 * A manager's offer writes count per account in `kpWrite` (limits/tiers.ts, ADR 055's addendum),
 * not per address in `account`: the editor autosaves after every pause, and the managers of one
 * office share their IP. A morning of editing passes; a script looping over kp/update is refused
 * with 429, Retry-After and the Russian message; another manager at the same address is not
 * affected; the same manager from another address is refused too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, CLIENT_IP_HEADER, endpoints, type KpInput } from "#contract/index.ts";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { PER_USER_TIERS, WRITE_TIERS } from "../../api/http/write-limits";
import { createLimits, type Limits } from "#limits/limiter.ts";
import { TIERS } from "#limits/tiers.ts";
import { call, createUser, dataOf, type TestUser } from "../support/accounts";

const [minute] = TIERS.kpWrite.windows;
const ACCOUNT_WINDOW = TIERS.account.windows[0]!.points;

let t: TestApi;
let limits: Limits;
let product = 0;

beforeAll(async () => {
  limits = createLimits({ prefix: `kp-write-${Date.now()}` });
  t = await openTestApi(testBackends()[0]!, { groups: 20, limits });
  const [row] = await queryRows<{ id: number }>(t.db, sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY p.id LIMIT 1`);
  product = Number(row!.id);
});
afterAll(async () => {
  await t?.close();
  await limits?.close();
});

let ips = 0;
const newIp = () => `198.51.100.${++ips}`;

const input = (count: number, version?: number): KpInput => ({ title: "Календари для партнёров", items: [{ productId: product, count }], version });

async function offerOf(manager: TestUser, ip: string): Promise<{ id: number; version: number }> {
  return dataOf(await call(t, "/api/kp/create", { token: manager.token, body: input(100), headers: { [CLIENT_IP_HEADER]: ip } }));
}

const update = (manager: TestUser, offer: { id: number; version: number }, count: number, ip: string) =>
  call(t, `/api/kp/update/${offer.id}`, { token: manager.token, body: input(count, offer.version), headers: { [CLIENT_IP_HEADER]: ip } });

describe("kpWrite: offer writes per account", () => {
  it("every tier counted per account is only on endpoints that need a login", () => {
    const perUser = Object.entries(WRITE_TIERS).filter(([, tier]) => PER_USER_TIERS.has(tier));
    expect(perUser.map(([id]) => id)).toContain("kpUpdate");
    for (const [id] of perUser) expect(endpoints[id as keyof typeof endpoints].auth, id).toBe(true);
  });

  it("an editing session's autosaves pass beyond the per-address account window; past the minute's allowance a 429; others at the address unaffected", async () => {
    const manager = await createUser(t, ["ROLE_MANAGER"], "Анна Смирнова");
    const colleague = await createUser(t, ["ROLE_MANAGER"], "Пётр Иванов");
    const ip = newIp();
    let offer = await offerOf(manager, ip);
    // The create counted one; the autosaves fill the rest of the minute's window.
    for (let i = 1; i < minute!.points; i++) {
      const response = await update(manager, offer, 100 + i, ip);
      expect(response.status, `save ${i + 1}`).toBe(200);
      offer = await dataOf(response);
    }
    expect(minute!.points).toBeGreaterThan(ACCOUNT_WINDOW);

    const refused = await update(manager, offer, 999, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(minute!.seconds);
    expect(ApiErrorBody.parse(await refused.json()).message).toMatch(/^Слишком много запросов\. Попробуйте через \d+ (секунд|минут)/);
    // Nothing past the allowance was stored.
    const [saved] = await queryRows<{ version: number }>(t.db, sql`SELECT version FROM commercial_offers WHERE id = ${offer.id}`);
    expect(Number(saved!.version)).toBe(offer.version);

    // Per account: the same manager from another address is refused, a colleague at this one is not.
    expect((await update(manager, offer, 998, newIp())).status).toBe(429);
    const theirs = await offerOf(colleague, ip);
    expect((await update(colleague, theirs, 150, ip)).status).toBe(200);
  });

  it("a guest's offer write counts nothing and is the 401", async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      const response = await call(t, "/api/kp/create", { body: input(100), headers: { [CLIENT_IP_HEADER]: ip } });
      expect(response.status).toBe(401);
    }
  });
});
