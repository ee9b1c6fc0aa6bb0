/** The resource routes behind /favorites and /comparison: 404 ids, failures, junk ids. */
import { describe, expect, it, vi } from "vitest";
import { loader as favoriteCards } from "./favorites-cards.ts";
import { loader as comparedProducts } from "./comparison-products.ts";

type Result = { ok: true; data: unknown; status: number } | { ok: false; error: { message: string; status: number; errors: Record<string, string> } };

const group = (id: number) => ({
  id,
  title: `Группа ${id}`,
  slug: `g${id}`,
  description: "",
  category: { id: 9, title: "Ручки", slug: "ruchki" },
  brand: null,
  image: null,
  images: [],
  minPrice: 10,
  maxPrice: 20,
  products: [{ id: id * 10, groupId: id, sku: `S${id}`, title: "", color: null, size: null, stock: 5, price: 10, priceTiers: [], images: [], weight: 12 }],
  attributes: [{ slug: "material", title: "Материал", value: "metall", valueTitle: "Металл" }],
  coatings: [],
  flags: { isBestOffer: false, isNew: false, isRecommended: false },
});

function run<L extends (args: never) => unknown>(loader: L, query: string, call: (endpoint: { id: string }, input: unknown) => Promise<Result>) {
  const api = { call: vi.fn(call) };
  const url = new URL(`http://x/route?${query}`);
  const args = { url, request: new Request(url), params: {}, context: { api } } as never;
  return { api, result: (async () => unwrap(await (loader(args) as Promise<unknown>)))() };
}

/** `data(value, init)` answers are { data, init }; plain answers are the value. */
function unwrap(value: unknown): Record<string, unknown> {
  const v = value as { type?: string; data?: unknown; init?: unknown };
  return (v && v.type === "DataWithResponseInit" ? v.data : v) as Record<string, unknown>;
}

const failure: Result = { ok: false, error: { message: "Ошибка", status: 0, errors: {} } };

describe("/favorites/cards", () => {
  it("cards in the asked order; ids the catalogue does not answer are missing", async () => {
    const { result, api } = run(favoriteCards, "ids=3,99,1", async () => ({ ok: true, status: 200, data: [group(1), group(3)] }));
    const data = await result;
    expect((data.products as { id: number }[]).map((p) => p.id)).toEqual([3, 1]);
    expect(data.missing).toEqual([99]);
    expect(data.failed).toBe(false);
    expect(api.call.mock.calls[0][1]).toEqual({ query: { groupIds: [3, 99, 1] } });
  });

  it("a failed call is `failed` and drops nothing", async () => {
    const data = await run(favoriteCards, "ids=3,1", async () => failure).result;
    expect(data).toEqual({ products: [], missing: [], failed: true });
  });

  it("junk is skipped; ids beyond int4 are missing without asking; nothing usable asks nothing", async () => {
    const { result, api } = run(favoriteCards, "ids=abc,-1,99999999999,4", async () => ({ ok: true, status: 200, data: [group(4)] }));
    const data = await result;
    expect(api.call.mock.calls[0][1]).toEqual({ query: { groupIds: [4] } });
    expect(data.missing).toEqual([99999999999]);
    const empty = run(favoriteCards, "ids=<script>", async () => failure);
    expect(await empty.result).toEqual({ products: [], missing: [], failed: false });
    expect(empty.api.call).not.toHaveBeenCalled();
  });
});

describe("/comparison/products", () => {
  it("categories and products; unknown ids are missing", async () => {
    const { result } = run(comparedProducts, "ids=10,30,77", async (endpoint) =>
      endpoint.id === "comparingCategories"
        ? { ok: true, status: 200, data: [{ id: 9, title: "Ручки", slug: "ruchki", count: 2, productIds: [10, 30] }] }
        : { ok: true, status: 200, data: [1, 3].map((g) => ({ product: group(g).products[0], group: { ...group(g), products: undefined } })) },
    );
    const data = await result;
    expect(data.categories).toEqual([{ id: 9, title: "Ручки", productIds: [10, 30] }]);
    const products = data.products as { id: number; href: string; properties: Record<string, string> }[];
    expect(products.map((p) => p.id)).toEqual([10, 30]);
    expect(products[0].href).toBe("/catalog/goods/1?variant=10");
    expect(products[0].properties).toMatchObject({ Материал: "Металл", Наличие: "В наличии 5 шт.", Вес: "12 г" });
    expect(data.missing).toEqual([77]);
  });

  it("either call failing is `failed` and drops nothing", async () => {
    const data = await run(comparedProducts, "ids=10", async (endpoint) => (endpoint.id === "comparingCategories" ? { ok: true, status: 200, data: [] } : failure)).result;
    expect(data).toMatchObject({ products: [], missing: [], failed: true });
  });
});
