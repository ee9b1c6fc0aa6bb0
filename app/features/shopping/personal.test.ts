/**
 * Personal state's pure part (ADR 045): the optimistic lists a logged-in visitor sees while the
 * fetchers' changes are on their way, the merge's preview, and the rule that no module holds
 * personal data or the sync mode.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMPTY_LOCAL_CART, type LocalCart } from "#app/features/cart/cart.ts";
import { optimisticHistory, optimisticIds, withLeftovers, withRecent, type PendingChange } from "./personal.ts";
import { cartKey, cartWithLeftovers, hasCartContent } from "./personal-cart.ts";

const change = (action: string, fields: Record<string, string>): PendingChange => ({ id: 1, action, fields, errorMessage: "" });

describe("optimisticIds (§4: add first, remove at once, clear waits)", () => {
  const action = "/favorites/sync";
  it("an add puts the id first; a remove drops it; other lists' and finished changes are ignored", () => {
    expect(optimisticIds([3, 2], [change(action, { intent: "add", ids: "5" })], action)).toEqual([5, 3, 2]);
    expect(optimisticIds([3, 2], [change(action, { intent: "add", ids: "2" })], action)).toEqual([2, 3]);
    expect(optimisticIds([3, 2], [change(action, { intent: "delete", ids: "3" })], action)).toEqual([2]);
    expect(optimisticIds([3, 2], [change("/comparison/sync", { intent: "add", ids: "5" })], action)).toEqual([3, 2]);
  });

  it("changes apply in order; a clear is not optimistic; junk ids change nothing", () => {
    const pending = [change(action, { intent: "add", ids: "5" }), change(action, { intent: "delete", ids: "5" }), change(action, { intent: "clear" })];
    expect(optimisticIds([1], pending, action)).toEqual([1]);
    expect(optimisticIds([1], [change(action, { intent: "add", ids: "x,-1,0" })], action)).toEqual([1]);
  });

  it("a failed change stops being pending: the loader's list shows again, a removed id where it was", () => {
    const base = [4, 3, 2];
    expect(optimisticIds(base, [change(action, { intent: "delete", ids: "3" })], action)).toEqual([4, 2]);
    expect(optimisticIds(base, [], action)).toBe(base);
  });
});

describe("the login merge's preview", () => {
  it("local-only ids first, then the server's, under the limit", () => {
    expect(withLeftovers([1, 2], [3, 1], 300)).toEqual([3, 1, 2]);
    expect(withLeftovers([1, 2], [], 300)).toEqual([1, 2]);
    expect(withLeftovers([1, 2], [3, 4], 3)).toEqual([3, 4, 1]);
  });

  const cart = (variations: number[], comment = ""): LocalCart => ({
    products: Object.fromEntries(variations.map((v, i) => [String(v), { variation: v, count: 1, comment: null, coatings: [], addedAt: i + 1 }])),
    comment,
    images: [],
    timestamp: 1,
  });

  it("the cart: server lines stay, local-only ones follow, the server's comment wins unless empty", () => {
    const merged = cartWithLeftovers(cart([5], "сервер"), cart([5, 6], "гость"));
    expect(Object.keys(merged.products).sort()).toEqual(["5", "6"]);
    expect(merged.comment).toBe("сервер");
    expect(cartWithLeftovers(cart([5], ""), cart([], "гость")).comment).toBe("гость");
    const server = cart([5]);
    expect(cartWithLeftovers(server, EMPTY_LOCAL_CART)).toBe(server);
  });

  it("what counts as a cart to merge; equal keys for what the server keeps alike", () => {
    expect(hasCartContent(EMPTY_LOCAL_CART)).toBe(false);
    expect(hasCartContent(cart([5]))).toBe(true);
    expect(hasCartContent(cart([], " заметка "))).toBe(true);
    expect(cartKey(cart([5], "a "))).toBe(cartKey(cart([5], "a")));
    expect(cartKey(cart([5]))).not.toBe(cartKey(cart([6])));
  });
});

describe("search history", () => {
  it("queries searched here go over the server's; a pending removal hides one", () => {
    const list = withRecent(["ручка", "кружка"], ["зонт"]);
    expect(list).toEqual(["зонт", "ручка", "кружка"]);
    expect(optimisticHistory(list, [change("/search/history", { intent: "delete", text: "ручка" })])).toEqual(["зонт", "кружка"]);
    expect(optimisticHistory(list, [change("/search/history", { intent: "clear" })])).toBe(list);
  });
});

describe("no module-level state for personal data or the sync mode (ADR 045)", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const dirs = ["features/shopping", "features/cart", "features/favorites", "features/comparison", "features/search", "features/account"];
  const files = [
    "lib/local-store.ts",
    ...dirs.flatMap((dir) =>
      readdirSync(path.join(root, dir))
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        .map((f) => `${dir}/${f}`),
    ),
  ];
  // A top-level `let`, or a top-level empty Map/Set/array that is filled later, is state every
  // render of the page shares (and, in a server module, every visitor).
  const MUTABLE = /^(?:export\s+)?(?:let\s|var\s|const\s+\w+\s*(?::[^=]+)?=\s*(?:new\s+(?:Map|Set|WeakMap|Array)\s*(?:<[^>]*>)?\(\s*\)|\[\s*\]))/m;

  it.each(files)("%s holds none", (file) => {
    expect(readFileSync(path.join(root, file), "utf8")).not.toMatch(MUTABLE);
  });

  it("the check bites", () => {
    expect("let mode = null;\n").toMatch(MUTABLE);
    expect("const browserLists = new Map<string, X>();\n").toMatch(MUTABLE);
    expect("export let generation = 0;\n").toMatch(MUTABLE);
    expect("const pending = [];\n").toMatch(MUTABLE);
    expect("function f() {\n  let x = 1;\n}\n").not.toMatch(MUTABLE);
    expect('const FIELDS = new Set<string>(["a", "b"]);\n').not.toMatch(MUTABLE);
  });
});
