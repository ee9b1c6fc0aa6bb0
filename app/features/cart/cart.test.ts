import { describe, expect, it } from "vitest";
import { minimalOrderMissing } from "#contract/ordering-rules.ts";
import {
  addToCart,
  cartItems,
  cartLineCount,
  cartPayload,
  CART_STORAGE_KEY,
  EMPTY_LOCAL_CART,
  incompleteCoatingCount,
  isLineComplete,
  MAX_CART_LINES,
  MAX_COATINGS_PER_LINE,
  mergeCarts,
  orderingBlock,
  NO_CART_ISSUES,
  parseCart,
  removeVariations,
  serializeCart,
  setCount,
  type LocalCart,
  type LocalCoatingLine,
} from "./cart.ts";
import { createCartStore } from "./cart-store.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, UPLOAD_SIZE_MESSAGE } from "#contract/file.ts";
import { UPLOAD_ACCEPT_TYPES, UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from "./cart.ts";


/** file/upload keys (32 base64url characters). */
const KEY_4 = "key4key4key4key4key4key4key4key4";
const KEY_9 = "Key9_Key9-Key9_Key9-Key9_Key9-99";

describe("upload constants", () => {
  it("match the contract's (browser code keeps its own copy, without zod)", () => {
    expect([UPLOAD_MAX_BYTES, UPLOAD_ACCEPT_TYPES, UPLOAD_TOO_BIG]).toEqual([MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, UPLOAD_SIZE_MESSAGE]);
  });
});

const line = (patch: Partial<LocalCoatingLine> = {}): LocalCoatingLine => ({
  id: "l1",
  coating: 1,
  width: 40,
  height: 20,
  variant: null,
  options: [],
  ...patch,
});

const coatings = new Map([
  [1, { id: 1, variants: [] }],
  [2, { id: 2, variants: [{ id: 21 }, { id: 22 }] }],
]);

const add = (cart: LocalCart, variation: number, count: number, lines: LocalCoatingLine[] = [], now = 1) => addToCart(cart, { variation, count, coatings: lines }, now);

describe("addToCart (§4)", () => {
  it("adds a new variation only with a count > 0 and ≤ 999 999", () => {
    expect(add(EMPTY_LOCAL_CART, 5, 0).result).toBe("rejected");
    expect(add(EMPTY_LOCAL_CART, 5, -3).result).toBe("rejected");
    expect(add(EMPTY_LOCAL_CART, 5, 1.5).result).toBe("rejected");
    expect(add(EMPTY_LOCAL_CART, 5, 1_000_000).result).toBe("rejected");
    expect(add(EMPTY_LOCAL_CART, 0, 3).result).toBe("rejected");
    const { cart, result } = add(EMPTY_LOCAL_CART, 5, 100, [line()]);
    expect(result).toBe("added");
    expect(cart.products[5]).toMatchObject({ variation: 5, count: 100, comment: null, coatings: [line()] });
  });

  it("adding to an existing variation adds to its count and appends the coatings", () => {
    const first = add(EMPTY_LOCAL_CART, 5, 100, [line()]).cart;
    const { cart, result } = add(first, 5, 50, [line({ coating: 2, variant: 21 })], 2);
    expect(result).toBe("increased");
    expect(cart.products[5]!.count).toBe(150);
    expect(cart.products[5]!.coatings.map((l) => l.coating)).toEqual([1, 2]);
    // the appended line got an id of its own (both came as "l1")
    expect(new Set(cart.products[5]!.coatings.map((l) => l.id)).size).toBe(2);
    expect(cartLineCount(cart)).toBe(1);
  });

  it("caps the count at 999 999 and the coating lines at 20", () => {
    let cart = add(EMPTY_LOCAL_CART, 5, 999_000).cart;
    cart = add(cart, 5, 5_000).cart;
    expect(cart.products[5]!.count).toBe(999_999);
    for (let i = 0; i < 25; i++) cart = add(cart, 5, 1, [line({ id: `x${i}` })]).cart;
    expect(cart.products[5]!.coatings).toHaveLength(MAX_COATINGS_PER_LINE);
  });

  it("keeps the order lines were added in, and refuses a line beyond the limit", () => {
    let cart = EMPTY_LOCAL_CART;
    cart = add(cart, 30, 1, [], 1).cart;
    cart = add(cart, 7, 1, [], 2).cart;
    expect(cartItems(cart).map((i) => i.variation)).toEqual([30, 7]);
    for (let v = 100; v < 100 + MAX_CART_LINES; v++) cart = add(cart, v, 1).cart;
    expect(cartLineCount(cart)).toBe(MAX_CART_LINES);
  });

  it("a count is set only to a valid value", () => {
    const cart = add(EMPTY_LOCAL_CART, 5, 10).cart;
    expect(setCount(cart, 5, 0)).toBe(cart);
    expect(setCount(cart, 5, 1_000_000)).toBe(cart);
    expect(setCount(cart, 5, 12).products[5]!.count).toBe(12);
  });
});

describe("coating line completeness (§5)", () => {
  it("needs coating, width and height; a variant when the coating has variants", () => {
    expect(isLineComplete(line(), coatings)).toBe(true);
    expect(isLineComplete(line({ width: null }), coatings)).toBe(false);
    expect(isLineComplete(line({ height: null }), coatings)).toBe(false);
    expect(isLineComplete(line({ coating: null }), coatings)).toBe(false);
    expect(isLineComplete(line({ coating: 2 }), coatings)).toBe(false);
    expect(isLineComplete(line({ coating: 2, variant: 99 }), coatings)).toBe(false);
    expect(isLineComplete(line({ coating: 2, variant: 22 }), coatings)).toBe(true);
    expect(isLineComplete(line({ coating: 3 }), coatings)).toBe(false);
  });

  it("an empty coating list is valid; only complete lines are priced", () => {
    let cart = add(EMPTY_LOCAL_CART, 5, 10).cart;
    expect(incompleteCoatingCount(cart, coatings)).toBe(0);
    cart = add(cart, 5, 1, [line({ id: "a" }), line({ id: "b", coating: 2 })]).cart;
    expect(incompleteCoatingCount(cart, coatings)).toBe(1);
    expect(cartPayload(cart, coatings)[0]!.coatings.map((l) => l.id)).toEqual(["a"]);
  });
});

describe("orderingBlock (§4)", () => {
  const base = { lineCount: 2, price: 7_650, linePrices: [5_000, 2_650], minimalOrderPrice: 10_000 };
  it("blocks an empty cart", () => {
    expect(orderingBlock({ ...base, lineCount: 0, price: 0, linePrices: [] })).toEqual({ blocked: true, reason: "empty" });
  });
  it("blocks below the minimal order and says how much is missing", () => {
    expect(orderingBlock(base)).toEqual({ blocked: true, reason: "minimum", missing: 2_350, minimum: 10_000 });
  });
  it("does not block when a line's price is 0", () => {
    expect(orderingBlock({ ...base, linePrices: [5_000, 0], price: 5_000 })).toEqual({ blocked: false });
  });
  it("does not block at or above the minimum; the default minimum is 10 000 (§9)", () => {
    expect(orderingBlock({ ...base, price: 10_000 })).toEqual({ blocked: false });
    expect(orderingBlock({ ...base, minimalOrderPrice: undefined })).toMatchObject({ reason: "minimum", minimum: 10_000 });
    expect(orderingBlock({ ...base, minimalOrderPrice: Number.NaN })).toMatchObject({ minimum: 10_000 });
    expect(orderingBlock({ ...base, minimalOrderPrice: 5_000 })).toEqual({ blocked: false });
  });
  it("blocks while a line is not ready: a coating line incomplete, not offered or refused, a count being typed", () => {
    const issues = { incomplete: 1, notOffered: 0, refused: 0, badCounts: 0 };
    expect(orderingBlock({ ...base, price: 20_000, issues })).toEqual({ blocked: true, reason: "lines", issues });
    for (const kind of ["notOffered", "refused", "badCounts"] as const) {
      const one = { ...NO_CART_ISSUES, [kind]: 1 };
      expect(orderingBlock({ ...base, price: 20_000, issues: one })).toEqual({ blocked: true, reason: "lines", issues: one });
    }
    expect(orderingBlock({ ...base, price: 20_000, issues: NO_CART_ISSUES })).toEqual({ blocked: false });
  });
  it("is the API's rule: blocked exactly when contract minimalOrderMissing says something is missing", () => {
    const carts: [number[], number][] = [
      [[5_000, 2_650], 7_650],
      [[5_000, 0], 5_000],
      [[0], 0],
      [[10_000], 10_000],
      [[9_999.99], 9_999.99],
      [[12_000, 300], 12_300],
    ];
    for (const [linePrices, price] of carts) {
      const block = orderingBlock({ lineCount: linePrices.length, price, linePrices, minimalOrderPrice: 10_000 });
      const missing = minimalOrderMissing(linePrices, price, 10_000);
      expect(block.blocked, JSON.stringify(linePrices)).toBe(missing > 0);
      if (block.blocked && block.reason === "minimum") expect(block.missing).toBe(missing);
    }
  });
});

describe("mergeCarts (§4 login)", () => {
  it("keeps every server line and adds the local variations not on the server", () => {
    let local = add(EMPTY_LOCAL_CART, 5, 10, [line()], 1).cart;
    local = add(local, 6, 3, [], 2).cart;
    local = { ...local, comment: "локальный", images: [{ id: 9, key: KEY_9, url: `/api/file/${KEY_9}`, thumbnailUrl: null, originalName: "logo.png", mimeType: "image/png", size: 1 }] };
    const server = { items: [{ variation: 6, count: 100, comment: "с сервера", coatings: [] }], comment: "", imageKeys: [KEY_4] };
    const merged = mergeCarts(server, local);
    expect(merged.items.map((i) => [i.variation, i.count])).toEqual([
      [6, 100],
      [5, 10],
    ]);
    expect(merged.items[1]!.coatings).toHaveLength(1);
    expect(merged.comment).toBe("локальный");
    expect(merged.imageKeys).toEqual([KEY_4, KEY_9]);
  });
  it("the server's comment wins when it has one; an empty local cart changes nothing", () => {
    const server = { items: [{ variation: 6, count: 1, comment: null, coatings: [] }], comment: "сервер", imageKeys: [] };
    expect(mergeCarts(server, { ...EMPTY_LOCAL_CART, comment: "локальный" })).toEqual(server);
  });
});

describe("parseCart: junk in local storage never breaks the page", () => {
  it.each([null, "", "not json", "{", "null", "42", '"text"', "[]", "[1,2]", "{}", '{"products":[]}', '{"products":"x"}', "\u0000\u0001"])("%j → empty cart", (raw) => {
    const cart = parseCart(raw);
    expect(cartLineCount(cart)).toBe(0);
    expect(cart.comment).toBe("");
  });

  it("drops lines with negative, zero, fractional, huge or non-number counts and bad ids", () => {
    const raw = JSON.stringify({
      products: {
        1: { variation: 1, count: -5, coatings: [] },
        2: { variation: 2, count: 0 },
        3: { variation: 3, count: 2.5 },
        4: { variation: 4, count: "10" },
        5: { variation: 5, count: 1e12 },
        6: { variation: 6, count: 7, coatings: "x", comment: 5 },
        abc: { variation: "abc", count: 1 },
        "-1": { variation: -1, count: 1 },
        8: null,
        9: { count: 3 },
      },
      comment: { evil: true },
      images: [
        { id: 1, url: "javascript:alert(1)" },
        // Stored before images carried `key`: the key is read from the address.
        { id: 2, url: `/api/file/${KEY_9}`, originalName: "x.png", mimeType: "image/png" },
        // No key at all (an order names files by key, ADR 025): dropped.
        { id: 3, url: "/api/media/x.png", originalName: "x.png", mimeType: "image/png" },
        { id: 4, key: "../../etc/passwd", url: "/api/media/y.png" },
        { id: 3_000_000_000, key: KEY_4, url: `/api/file/${KEY_4}` },
        "junk",
      ],
      timestamp: "yesterday",
    });
    const cart = parseCart(raw);
    expect(cartItems(cart).map((i) => [i.variation, i.count])).toEqual([
      [6, 7],
      [9, 3],
    ]);
    expect(cart.products[6]).toMatchObject({ coatings: [], comment: null });
    expect(cart.comment).toBe("");
    expect(cart.images.map((i) => [i.id, i.key])).toEqual([[2, KEY_9]]);
    expect(cart.timestamp).toBe(0);
  });

  it("keeps at most 200 of 10 000 lines and 20 coating lines each, quickly", () => {
    const products: Record<string, unknown> = {};
    for (let i = 1; i <= 10_000; i++) products[i] = { variation: i, count: 1, coatings: Array.from({ length: i === 1 ? 100 : 1 }, (_, j) => ({ id: `c${j}`, coating: 1, width: 10, height: 10 })) };
    const raw = JSON.stringify({ products });
    const started = performance.now();
    const cart = parseCart(raw);
    expect(performance.now() - started).toBeLessThan(500);
    expect(cartLineCount(cart)).toBe(MAX_CART_LINES);
    expect(cart.products[1]!.coatings).toHaveLength(MAX_COATINGS_PER_LINE);
  });

  it("ignores a stored value longer than any cart", () => {
    expect(cartLineCount(parseCart(`{"products":{"1":{"variation":1,"count":1}},"pad":"${"x".repeat(2_100_000)}"}`))).toBe(0);
  });

  it("repairs coating lines: bad sizes and ids unset, duplicates dropped", () => {
    const raw = JSON.stringify({
      products: { 5: { variation: 5, count: 1, coatings: [{ id: "a", coating: 1, width: -4, height: "x", variant: 0, options: [1, "Срочно", "Срочно"] }, { id: "a", coating: 1 }, 7, { id: "<script>", coating: 2.5, width: 20000 }] } },
    });
    const coatingsOf = parseCart(raw).products[5]!.coatings;
    expect(coatingsOf).toEqual([
      { id: "a", coating: 1, width: null, height: null, variant: null, options: ["Срочно"] },
      { id: "5-3", coating: null, width: null, height: null, variant: null, options: [] },
    ]);
  });

  it("round-trips a cart with a timestamp", () => {
    const cart = add(EMPTY_LOCAL_CART, 5, 10, [line()]).cart;
    const raw = serializeCart({ ...cart, comment: "к заказу" }, 1234);
    expect(JSON.parse(raw)).toMatchObject({ timestamp: 1234, comment: "к заказу", products: { 5: { variation: 5, count: 10 } } });
    expect(parseCart(raw)).toEqual({ ...cart, comment: "к заказу", timestamp: 1234 });
  });

  it("removes variations the server says are gone", () => {
    let cart = add(EMPTY_LOCAL_CART, 5, 1).cart;
    cart = add(cart, 6, 1).cart;
    expect(Object.keys(removeVariations(cart, [6, 99]).products)).toEqual(["5"]);
    expect(removeVariations(cart, [99])).toBe(cart);
  });
});

describe("cart store (tmg_cart, other tabs)", () => {
  function fakeStorage() {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      data,
    };
  }

  it("writes under tmg_cart with a timestamp, and follows another tab's write through `storage`", () => {
    const storage = fakeStorage();
    const events = new EventTarget();
    const store = createCartStore(() => storage, events, () => 42);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.update((c) => add(c, 5, 3).cart);
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEY)!)).toMatchObject({ timestamp: 42, products: { 5: { count: 3 } } });
    expect(calls).toBe(1);
    const snapshot = store.getSnapshot();
    expect(store.getSnapshot()).toBe(snapshot);
    // another tab empties it
    storage.data.set(CART_STORAGE_KEY, "{}");
    events.dispatchEvent(Object.assign(new Event("storage"), { key: CART_STORAGE_KEY }));
    expect(calls).toBe(2);
    expect(cartLineCount(store.getSnapshot())).toBe(0);
    unsubscribe();
  });

  it("works in memory when storage throws", () => {
    const store = createCartStore(
      () => {
        throw new Error("denied");
      },
      null,
    );
    store.update((c) => add(c, 5, 3).cart);
    expect(store.getSnapshot().products[5]!.count).toBe(3);
    store.clear();
    expect(cartLineCount(store.getSnapshot())).toBe(0);
  });
});
