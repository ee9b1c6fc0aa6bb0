/**
 * The offer's export is limited per user (ADR 052's addendum, the shared limiter of ADR 041): each
 * download is drawn in the documents' thread, so `kpExport` counts every GET /api/kp/export/… of
 * one account, whatever its address. The first 10 in 10 seconds pass; the next is a 429 with
 * Retry-After and the Russian message, and draws nothing; another user, even from the same
 * address, is not affected; the minute's window (30) holds after the burst's; a guest counts
 * nothing. The storefront's download route (/kp/export/{format}/{id}) passes the refusal on as a
 * readable Russian page with its status and Retry-After, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { sql } from "drizzle-orm";
import { ApiErrorBody, CLIENT_IP_HEADER, type KpInput } from "#contract/index.ts";
import type { City } from "#contract/content.ts";
import { createContextFactory } from "#server/load-context.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { loader as exportLoader } from "#app/routes/kp-export.ts";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { createLimits, type Limits } from "#limits/limiter.ts";
import { TIERS } from "#limits/tiers.ts";
import { call, createUser, dataOf, type TestUser } from "../support/accounts";

const [burst, minute] = TIERS.kpExport.windows;
const REFUSAL = /^Слишком много выгрузок документов подряд\. Попробуйте через \d+ секунд/;

let t: TestApi;
let limits: Limits;
let city: City;
let product = 0;

beforeAll(async () => {
  limits = createLimits({ prefix: `kp-export-${Date.now()}` });
  t = await openTestApi(testBackends()[0]!, { groups: 40, limits });
  [city] = (await t.get("/api/city/").then((r) => r.json() as Promise<{ data: City[] }>)).data;
  const [row] = await queryRows<{ id: number }>(t.db, sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY p.id LIMIT 1`);
  product = Number(row!.id);
});
afterAll(async () => {
  await t?.close();
  await limits?.close();
});

let ips = 0;
const newIp = () => `203.0.113.${++ips}`;

/** A manager with a one-line offer of their own. */
async function managerWithOffer(name: string): Promise<{ manager: TestUser; offerId: number }> {
  const manager = await createUser(t, ["ROLE_MANAGER"], name);
  const input: KpInput = { title: "Сувениры к выставке", items: [{ productId: product, count: 100 }] };
  const offer = await dataOf<{ id: number }>(await call(t, "/api/kp/create", { token: manager.token, body: input }));
  return { manager, offerId: offer.id };
}

const exportAs = (user: TestUser | null, format: "pdf" | "xlsx", offerId: number, ip: string) =>
  call(t, `/api/kp/export/${format}/${offerId}`, { token: user?.token, headers: { [CLIENT_IP_HEADER]: ip } });

describe("kp/export: the user's kpExport tier", () => {
  it("passes 10 downloads in 10 seconds; the 11th is a 429 with Retry-After and the Russian message, and another user is not affected", async () => {
    const { manager, offerId } = await managerWithOffer("Анна Смирнова");
    const other = await managerWithOffer("Пётр Иванов");
    const ip = newIp();
    for (let i = 0; i < burst!.points; i++) {
      const response = await exportAs(manager, i % 2 ? "xlsx" : "pdf", offerId, ip);
      expect(response.status, `download ${i + 1}`).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await exportAs(manager, "pdf", offerId, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(burst!.seconds);
    const body = ApiErrorBody.parse(await refused.json());
    expect(body.message).toMatch(REFUSAL);
    // Per account, not per address: the same manager from elsewhere is refused too…
    expect((await exportAs(manager, "xlsx", offerId, newIp())).status).toBe(429);
    // …and another manager at the same address downloads.
    const theirs = await exportAs(other.manager, "pdf", other.offerId, ip);
    expect(theirs.status).toBe(200);
    expect(Buffer.from(await theirs.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("holds the minute's window after the burst's, and a refused download counts nothing", async () => {
    const { manager, offerId } = await managerWithOffer("Мария Кузнецова");
    const key = `user:${manager.id}`;
    // Three bursts 11 seconds apart spend all but one of the minute's downloads (the clock moved
    // on, not waited for: the in-process store dates its windows by Date.now()).
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    try {
      const start = Date.now();
      await limits.consume("kpExport", key, burst!.points - 1);
      vi.setSystemTime(start + (burst!.seconds + 1) * 1000);
      await limits.consume("kpExport", key, burst!.points);
      vi.setSystemTime(start + 2 * (burst!.seconds + 1) * 1000);
      await limits.consume("kpExport", key, minute!.points - 2 * burst!.points);
      vi.setSystemTime(start + 3 * (burst!.seconds + 1) * 1000);
      const last = await exportAs(manager, "xlsx", offerId, newIp());
      expect(last.status).toBe(200);
      await last.arrayBuffer();
      const refused = await exportAs(manager, "xlsx", offerId, newIp());
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(burst!.seconds);
      expect(retryAfter).toBeLessThanOrEqual(minute!.seconds);
      expect(ApiErrorBody.parse(await refused.json()).message).toMatch(REFUSAL);
      // The refusal was given back: the minute is exactly spent (0 left), not over.
      expect((await limits.consume("kpExport", key, 0)).remaining).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a guest's request (401) and a junk path (400/404 before any work) count nothing", async () => {
    const { manager, offerId } = await managerWithOffer("Ольга Белова");
    for (let i = 0; i < burst!.points + 5; i++) expect((await exportAs(null, "pdf", offerId, newIp())).status).toBe(401);
    for (const junk of ["/api/kp/export/doc/1", "/api/kp/export/pdf/abc", `/api/kp/export/pdf/${"9".repeat(40)}`]) {
      const response = await call(t, junk, { token: manager.token });
      expect(response.status, junk).toBeGreaterThanOrEqual(400);
      expect(response.status, junk).toBeLessThan(500);
    }
    expect((await limits.consume("kpExport", `user:${manager.id}`, 0)).remaining).toBe(burst!.points);
  });
});

describe("/kp/export/{format}/{id} (the storefront's download) past the limit", () => {
  let context: ReturnType<typeof createContextFactory>;

  beforeAll(() => {
    const backend: Backend = {
      baseUrl: "http://reference.internal/api",
      fetch: async (request) => t.api.fetch(request),
      ping: async () => true,
      close: async () => {},
      onChange: () => {},
      describe: "test",
    };
    context = createContextFactory(parseEnv({}), backend, limits);
  });

  async function download(token: string, format: string, id: number): Promise<Response> {
    const req = {
      method: "GET",
      ip: newIp(),
      protocol: "http",
      host: "shop.test",
      headers: { cookie: `token=${token}` },
      get: () => "",
    } as unknown as ExpressRequest;
    const res = { locals: { city: { city, cities: [city] } }, headersSent: false, append: () => {}, getHeader: () => undefined } as unknown as ExpressResponse;
    const url = new URL(`http://shop.test/kp/export/${format}/${id}`);
    const args = { url, request: new Request(url), params: { format, id: String(id) }, context: await context(req, res) } as unknown as Parameters<typeof exportLoader>[0];
    try {
      return await exportLoader(args);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("streams the file while allowed, then answers a readable 429 page with Retry-After and a way back", async () => {
    const { manager, offerId } = await managerWithOffer("Игорь Лебедев");
    const first = await download(manager.token, "pdf", offerId);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/pdf");
    await first.arrayBuffer();
    await limits.consume("kpExport", `user:${manager.id}`, burst!.points - 1);
    const refused = await download(manager.token, "xlsx", offerId);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(burst!.seconds);
    const html = await refused.text();
    expect(html).toMatch(/<h1>Слишком много выгрузок документов подряд\. Попробуйте через \d+ секунд/);
    expect(html).toContain(`href="/cp/${offerId}"`);
    expect(html).not.toContain("Что-то пошло не так");
  });
});
