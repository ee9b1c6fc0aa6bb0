/**
 * The storefront's side of the write limits (issue 25 item 3, ADR 041), with the real load context
 * (server/load-context.ts), the real page actions, the embedded API and one shared limiter:
 *
 * - a page action that writes through the API counts once in the storefront's `page` tier and once
 *   in its kind in the API, never twice in one bucket (ten orders through the ordering page pass;
 *   a logged-in order that saves the cart and orders counts one page write);
 * - a refusal, the API's or the page tier's, comes back in the form as a message with everything
 *   the visitor typed, never as a bare 429 page; past the page tier the API is not called at all;
 * - page GETs never count, whatever their loaders call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { sql } from "drizzle-orm";
import { endpoints } from "#contract/index.ts";
import type { City } from "#contract/content.ts";
import { createContextFactory } from "#server/load-context.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import type { OrderReply } from "#app/features/cart/ordering.ts";
import { formMessage } from "#app/lib/forms.ts";
import type { SubscribeReply } from "#app/features/subscription/subscription.ts";
import type { CommentActionAnswer } from "#app/features/posts/comments.server.ts";
import { action as orderingAction } from "#app/routes/cart-ordering.tsx";
import { action as subscribeAction } from "#app/routes/subscribe.tsx";
import { action as postAction } from "#app/routes/post-item.tsx";
import { queryRows } from "../../api/db/client";
import { createMailer } from "../../api/mail/mailer";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { createLimits, type Limits } from "#limits/limiter.ts";
import { TIERS, type TierName } from "#limits/tiers.ts";
import { createTestUser } from "../support/api-users";

let t: TestApi;
let limits: Limits;
let context: ReturnType<typeof createContextFactory>;
let city: City;
let variation: number;
let blogPost: number;

beforeAll(async () => {
  limits = createLimits({ prefix: `pages-${Date.now()}` });
  const mailer = createMailer({ transport: { describe: "memory", deliver: async () => {} } });
  t = await openTestApi(testBackends()[0]!, { groups: 40, limits, mailer });
  const backend: Backend = {
    baseUrl: "http://reference.internal/api",
    fetch: async (request) => t.api.fetch(request),
    ping: async () => true,
    close: async () => {},
    onChange: () => {},
    describe: "test",
  };
  context = createContextFactory(parseEnv({}), backend, limits);
  [city] = (await t.get("/api/city/").then((r) => r.json() as Promise<{ data: City[] }>)).data;
  const [product] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE stock >= 1000 AND price >= 100 ORDER BY id LIMIT 1`);
  variation = Number(product!.id);
  const [post] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM posts WHERE kind = 'blog' AND is_published ORDER BY id LIMIT 1`);
  blogPost = Number(post!.id);
});
afterAll(async () => {
  await t?.close();
  await limits?.close();
});

let ips = 0;
const newIp = () => `198.51.100.${++ips}`;

/** The load context of one page request, as server.ts builds it (the city already resolved). */
async function pageContext(method: string, ip: string, token?: string) {
  const req = {
    method,
    ip,
    protocol: "http",
    host: "shop.test",
    headers: { cookie: token ? `token=${token}` : "" },
    get: () => "",
  } as unknown as ExpressRequest;
  const res = { locals: { city: { city, cities: [city] } }, headersSent: false, append: () => {}, getHeader: () => undefined } as unknown as ExpressResponse;
  return context(req, res);
}

async function post<T>(
  run: (args: never) => unknown,
  path: string,
  form: Record<string, string>,
  ip: string,
  options: { token?: string; params?: Record<string, string> } = {},
): Promise<T> {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.set(k, v);
  const request = new Request(`http://shop.test${path}`, { method: "POST", body });
  const result = (await run({ request, context: await pageContext("POST", ip, options.token), params: options.params ?? {} } as never)) as { data: T } | T;
  return result && typeof result === "object" && "data" in result ? (result as { data: T }).data : (result as T);
}

/** Points left in the first window of a tier for a key (counts nothing). */
async function left(tier: TierName, key: string): Promise<number> {
  return (await limits.consume(tier, key, 0)).remaining;
}

const orderForm = (email: string) => ({
  representativeName: "Иванова Мария Петровна",
  representativeEmail: email,
  representativePhone: "+7 (921) 123-45-67",
  deliveryType: "pickup_point",
  deliveryTime: "после 14:00",
  lines: JSON.stringify([{ variation, count: 300 }]),
  comment: "Счёт на юрлицо",
});

describe("page writes and the API's tiers", () => {
  it("ten orders through the ordering page from one IP all pass (one point in `page`, one in `order` each); the 11th is the API's refusal, in the form, with the fields kept", async () => {
    const ip = newIp();
    const orders = TIERS.order.windows[0]!.points;
    for (let i = 0; i < orders; i++) {
      const answer = await post<OrderReply>(orderingAction as never, "/cart/ordering", { ...orderForm(`m${i}@example.ru`), idempotencyKey: `key-${ip}-${i}-abcdefgh` }, ip);
      expect(answer, JSON.stringify(answer)).toMatchObject({ status: "success" });
    }
    expect(await left("page", ip)).toBe(TIERS.page.windows[0]!.points - orders);
    const refused = await post<OrderReply>(orderingAction as never, "/cart/ordering", { ...orderForm("last@example.ru"), idempotencyKey: `key-${ip}-last-abcdefgh` }, ip);
    expect(refused.status).toBe("error");
    expect(formMessage(refused)).toMatch(/^Слишком много заказов подряд\. Попробуйте через (59|60) минут или позвоните нам$/);
    expect(refused.initialValue).toMatchObject({ representativeName: "Иванова Мария Петровна", representativeEmail: "last@example.ru", deliveryTime: "после 14:00" });
  });

  it("a logged-in order saves the cart and orders (three API writes) and counts one page write", async () => {
    const ip = newIp();
    const buyer = await createTestUser(t);
    const answer = await post<OrderReply>(orderingAction as never, "/cart/ordering", { ...orderForm("buyer@example.ru"), idempotencyKey: `key-${ip}-account-abcd` }, ip, { token: buyer.token });
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: "success" });
    expect(await left("page", ip)).toBe(TIERS.page.windows[0]!.points - 1);
    // The API counted what it did: the cart's lines and its comment, then the order.
    expect(await left("lists", ip)).toBe(TIERS.lists.windows[0]!.points - 2);
    expect(await left("order", ip)).toBe(TIERS.order.windows[0]!.points - 1);
  });

  it("past the page tier a form post reaches no API: the form says when to try again and keeps the address", async () => {
    const ip = newIp();
    await limits.consume("page", ip, TIERS.page.windows[0]!.points);
    const before = (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM subscriptions`))[0]!.n;
    const answer = await post<SubscribeReply>(subscribeAction as never, "/subscribe", { email: "reader@example.ru" }, ip);
    expect(answer).toMatchObject({ status: "error", initialValue: { email: "reader@example.ru" } });
    expect(formMessage(answer)).toMatch(/^Слишком много запросов\. Попробуйте через \d+ секунд/);
    expect((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM subscriptions`))[0]!.n).toBe(before);
    expect(await left("subscription", ip)).toBe(TIERS.subscription.windows[0]!.points);
  });

  it("the API's comment limit comes back under the comment field with the text kept", async () => {
    const ip = newIp();
    const reader = await createTestUser(t);
    const comments = TIERS.comment.windows[0]!.points;
    await limits.consume("comment", ip, comments);
    const answer = await post<CommentActionAnswer>(postAction as never, `/blog/${blogPost}`, { intent: "create", text: "Очень полезно, спасибо!" }, ip, { token: reader.token, params: { id: String(blogPost) } });
    expect(answer).toMatchObject({ intent: "create", text: "Очень полезно, спасибо!", error: expect.stringMatching(/^Слишком много комментариев подряд\. Попробуйте через/) });
  });

  it("a page GET never counts, whatever its loader calls", async () => {
    const ip = newIp();
    const get = await pageContext("GET", ip);
    for (let i = 0; i < 5; i++) expect((await get.api.call(endpoints.cartUnauth, { body: { variations: [{ variation, count: 1 }] } })).ok).toBe(true);
    expect(await left("page", ip)).toBe(TIERS.page.windows[0]!.points);
  });
});
