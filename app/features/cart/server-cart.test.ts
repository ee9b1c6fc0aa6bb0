/** The logged-in visitor's cart store (ADR 034): §4 login merge, writes debounced, §8 errors, stale answers ignored. */
import { describe, expect, it, vi } from "vitest";
import { createCartStore } from "./cart-store.ts";
import { addToCart, EMPTY_LOCAL_CART, setCount, type LocalCart } from "./cart.ts";
import { createServerCartStore, startServerCart, CART_SYNC_FAILED, type FetchLike } from "./server-cart.ts";
import type { CartPriceAnswer } from "./cart-view.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const priced = (key: string, price: number): CartPriceAnswer => ({
  intent: "price",
  key,
  cart: { lines: [], itemsPrice: price, printPrice: 0, price, totalCount: 1, weight: 0 },
  error: null,
  unavailable: [],
});

function guestCart(variations: number[]) {
  const storage = fakeStorage();
  const local = createCartStore(() => storage, null);
  for (const v of variations) local.update((c) => addToCart(c, { variation: v, count: 10 }).cart);
  return { local, storage };
}

/** A /cart/sync that answers each call with `reply` and records the posted forms. */
function sync(reply: (form: URLSearchParams | null) => { status: number; body: unknown }) {
  const posted: (URLSearchParams | null)[] = [];
  const fetchImpl: FetchLike = async (_url, init) => {
    const form = init?.body ? new URLSearchParams(String(init.body)) : null;
    posted.push(form);
    const { status, body } = reply(form);
    return new Response(JSON.stringify(body), { status });
  };
  return { fetchImpl, posted };
}

const serverCart: LocalCart = { ...EMPTY_LOCAL_CART, products: { "9": { variation: 9, count: 5, comment: null, coatings: [], addedAt: 1 } } };

describe("startServerCart (§4 login merge)", () => {
  it("guest lines are merged by the server (cart/merge) and only then tmg_cart is cleared", async () => {
    const { local, storage } = guestCart([501, 502]);
    const { fetchImpl, posted } = sync(() => ({ status: 200, body: { ok: true, cart: serverCart, answer: priced("", 900) } }));
    const result = await startServerCart(local, fetchImpl);
    expect(result.ok && result.merged).toBe(true);
    expect(posted[0]!.get("intent")).toBe("merge");
    expect(JSON.parse(posted[0]!.get("lines")!).map((l: { variation: number }) => l.variation)).toEqual([501, 502]);
    expect(storage.data.has("tmg_cart")).toBe(false);
    expect(result.ok && result.store.getSnapshot()).toEqual(serverCart);
  });

  it("a refused merge keeps tmg_cart (the next page load merges again)", async () => {
    const { local, storage } = guestCart([501]);
    const { fetchImpl } = sync(() => ({ status: 502, body: { ok: false, answer: { ...priced("", 0), error: "Что-то пошло не так" } } }));
    expect(await startServerCart(local, fetchImpl)).toEqual({ ok: false, message: "Что-то пошло не так" });
    expect(storage.data.has("tmg_cart")).toBe(true);
    const offline: FetchLike = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await startServerCart(local, offline)).toEqual({ ok: false, message: CART_SYNC_FAILED });
    expect(storage.data.has("tmg_cart")).toBe(true);
  });

  it("no guest cart: the server cart is loaded (GET), nothing posted", async () => {
    const { local } = guestCart([]);
    const { fetchImpl, posted } = sync(() => ({ status: 200, body: { ok: true, cart: serverCart, answer: priced("", 900) } }));
    const result = await startServerCart(local, fetchImpl);
    expect(posted).toEqual([null]);
    expect(result.ok && result.store.getSync().answer?.cart.price).toBe(900);
  });
});

describe("the server cart store", () => {
  it("changes show at once, are written once after they settle, and the answer is shown", async () => {
    vi.useFakeTimers();
    try {
      const { fetchImpl, posted } = sync((form) => ({ status: 200, body: { ok: true, cart: serverCart, answer: priced(form!.get("key")!, 1234) } }));
      const store = createServerCartStore(serverCart, priced("", 500), fetchImpl, 300);
      store.update((c) => setCount(c, 9, 6));
      store.update((c) => setCount(c, 9, 7));
      expect(store.getSnapshot().products["9"]!.count).toBe(7);
      expect(store.getSync()).toMatchObject({ answer: null, pending: true, latest: { cart: { price: 500 } } });
      await vi.advanceTimersByTimeAsync(300);
      expect(posted).toHaveLength(1);
      expect(JSON.parse(posted[0]!.get("lines")!)[0].count).toBe(7);
      expect(store.getSync()).toMatchObject({ pending: false, answer: { cart: { price: 1234 } } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("§8: a failed write shows zeros with the message; the retry writes again", async () => {
    let fail = true;
    const { fetchImpl, posted } = sync(() =>
      fail ? { status: 502, body: { ok: false, answer: { ...priced("", 0), error: "Что-то пошло не так" } } } : { status: 200, body: { ok: true, cart: serverCart, answer: priced("", 700) } },
    );
    const store = createServerCartStore(serverCart, null, fetchImpl, 0);
    store.update((c) => setCount(c, 9, 8));
    await store.flush();
    expect(store.getSync().answer).toMatchObject({ error: "Что-то пошло не так", cart: { price: 0 } });
    fail = false;
    await store.flush();
    expect(store.getSync().answer).toMatchObject({ error: null, cart: { price: 700 } });
    expect(posted.length).toBe(2);
  });

  it("an older write's answer never replaces a newer one's", async () => {
    const resolvers: ((r: Response) => void)[] = [];
    const fetchImpl: FetchLike = () => new Promise((resolve) => resolvers.push(resolve));
    const store = createServerCartStore(serverCart, null, fetchImpl, 0);
    const first = store.flush();
    const second = store.flush();
    resolvers[1]!(new Response(JSON.stringify({ ok: true, cart: serverCart, answer: priced("new", 2) })));
    await second;
    resolvers[0]!(new Response(JSON.stringify({ ok: true, cart: serverCart, answer: priced("old", 1) })));
    await first;
    expect(store.getSync().answer?.key).toBe("new");
  });
});
