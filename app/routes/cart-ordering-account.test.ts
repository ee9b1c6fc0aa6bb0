/** Ordering logged in (issue 19, ADR 034): the server cart made what the page shows, then order/create with the saved company and address. */
import { describe, expect, it } from "vitest";
import { createApiClient } from "#app/lib/api-client.server.ts";
import { EMPTY_CART } from "#contract/index.ts";
import type { OrderReply } from "#app/features/cart/ordering.ts";
import { ADDRESS_UNKNOWN_MESSAGE, COMPANY_UNKNOWN_MESSAGE, maskedPhone } from "#app/features/cart/ordering.server.ts";
import { action } from "./cart-ordering.tsx";
import type { Route } from "./+types/cart-ordering";

const API = "http://api.test/api";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const KEY = "3f0b2a4c-9d7e-4b1a-8c55-0a1b2c3d4e5f";
const lines = JSON.stringify([{ variation: 501, count: 100, comment: "синий логотип", coatings: [] }]);
const ADDRESS = { id: 31, address: "Санкт-Петербург, Малая Морская, д. 18, кв. 4", city: "Санкт-Петербург", street: "Малая Морская", house: "18", flat: "4", postcode: "190000", comment: null, isDefault: true };

async function order(fields: Record<string, string>) {
  const seen: { method: string; path: string; body: unknown; key: string | null }[] = [];
  const api = createApiClient({
    baseUrl: API,
    defaultTimeoutMs: 1000,
    tokens: { token: "t", refreshToken: "r" },
    fetch: async (request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, "");
      const text = await request.text();
      seen.push({ method: request.method, path, body: text ? JSON.parse(text) : null, key: request.headers.get("Idempotency-Key") });
      if (path === "/profile/shipmentaddress/list") return json({ data: [ADDRESS] });
      if (path.startsWith("/cart/")) return json({ data: { ...EMPTY_CART, comment: "Счёт на юрлицо" } });
      if (path === "/order/create") return json({ data: { id: 2051 } });
      return json({ message: "?" }, 404);
    },
  });
  const body = new FormData();
  const all: Record<string, string> = {
    representativeName: "Ольга Петрова",
    representativeEmail: "user@demo.ru",
    representativePhone: "+7 (921) 555-01-01",
    deliveryType: "courier",
    shipmentAddress: "",
    deliveryTime: "",
    manager: "",
    lines,
    comment: "Счёт на юрлицо",
    imageKeys: "[]",
    idempotencyKey: KEY,
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) body.set(k, v);
  const request = new Request("http://shop.test/cart/ordering", { method: "POST", body });
  const context = { api, isAuthenticated: true, city: { id: 2 }, site: { hostname: "shop.test" }, cookieDomain: undefined };
  const result = (await action({ request, context, params: {} } as unknown as Route.ActionArgs)) as unknown as { data: OrderReply };
  return { answer: result.data, seen };
}

describe("POST /cart/ordering, logged in", () => {
  it("writes the page's lines to the server cart, then orders it with the company and the saved address", async () => {
    const { answer, seen } = await order({ legalCompany: "12", savedAddress: "31" });
    expect(answer).toEqual({ status: "success", orderId: 2051 });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(["GET /profile/shipmentaddress/list", "POST /cart/recalculate", "POST /order/create"]);
    expect(seen[1]!.body).toEqual({ items: JSON.parse(lines) });
    expect(seen[2]!.key).toBe(KEY);
    expect(seen[2]!.body).toMatchObject({ legalCompany: 12, shipmentAddress: ADDRESS.address, deliveryType: "courier", representativePhone: "+79215550101" });
  });

  it("another user's (or a made-up) address id names nothing: a message under the field, no order", async () => {
    const { answer, seen } = await order({ savedAddress: "999" });
    expect(answer).toMatchObject({ status: "error", error: { shipmentAddress: [ADDRESS_UNKNOWN_MESSAGE] } });
    expect(seen.some((s) => s.path === "/order/create")).toBe(false);
  });

  it("a junk company id is a message under the field; no company and a typed address order as well", async () => {
    const junk = await order({ legalCompany: "<script>" });
    expect(junk.answer).toMatchObject({ status: "error", error: { legalCompany: [COMPANY_UNKNOWN_MESSAGE] } });
    const typed = await order({ shipmentAddress: "Москва, Тверская, 1" });
    expect(typed.answer).toEqual({ status: "success", orderId: 2051 });
    expect(typed.seen.at(-1)!.body).toMatchObject({ legalCompany: null, shipmentAddress: "Москва, Тверская, 1" });
  });

  it("the profile's phone is shown in the field's mask", () => {
    expect(maskedPhone("+79215550101")).toBe("+7 (921) 555-01-01");
    expect(maskedPhone(null)).toBe("");
    expect(maskedPhone("12")).toBe("12");
  });
});
