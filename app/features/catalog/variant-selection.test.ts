import { describe, expect, it } from "vitest";
import { canonicalVariantQuery, selectVariation, variationChoices } from "./variant-selection.ts";

const red = { id: 1, title: "Красный", slug: "red", hex: "#f00" };
const blue = { id: 2, title: "Синий", slug: "blue", hex: "#00f" };
const p = (id: number, color: typeof red | null, size: string | null, stock = 10) => ({ id, color, size, stock });

const products = [p(10, red, "S", 0), p(11, red, "M"), p(12, blue, "S"), p(13, blue, "M", 0), p(14, blue, "L")];

describe("selectVariation", () => {
  it("takes the ?variant= product when it belongs to the group", () => {
    expect(selectVariation(products, "12")?.id).toBe(12);
  });

  it("falls back to the first variation in stock for a missing, foreign or malformed variant", () => {
    for (const param of [null, "", "999", "abc", "12abc", "-1"]) expect(selectVariation(products, param)?.id).toBe(11);
  });

  it("takes the first variation when none is in stock, and null when there are none", () => {
    expect(selectVariation([p(5, red, null, 0), p(6, blue, null, 0)], null)?.id).toBe(5);
    expect(selectVariation([], "1")).toBeNull();
  });
});

describe("variationChoices", () => {
  it("offers one swatch per colour, linking to the same size in that colour", () => {
    const { colors } = variationChoices(products, products[2]); // blue S
    // The size is kept even when red S is out of stock (it can still be ordered).
    expect(colors).toEqual([
      { slug: "red", title: "Красный", hex: "#f00", productId: 10, selected: false, inStock: true },
      { slug: "blue", title: "Синий", hex: "#00f", productId: 12, selected: true, inStock: true },
    ]);
    // From red M: blue M (out of stock, same size).
    expect(variationChoices(products, products[1]).colors.map((c) => c.productId)).toEqual([11, 13]);
    // A colour without the current size links to one of its variations in stock.
    const noSize = [p(1, red, "XL"), p(2, blue, "S", 0), p(3, blue, "M")];
    expect(variationChoices(noSize, noSize[0]).colors.map((c) => c.productId)).toEqual([1, 3]);
  });

  it("offers the sizes of the current colour, in order", () => {
    expect(variationChoices(products, products[2]).sizes).toEqual([
      { size: "S", productId: 12, selected: true, inStock: true },
      { size: "M", productId: 13, selected: false, inStock: false },
      { size: "L", productId: 14, selected: false, inStock: true },
    ]);
  });

  it("leaves a selector with a single choice empty", () => {
    const single = [p(1, red, "S"), p(2, red, null)];
    expect(variationChoices(single, single[0])).toEqual({ colors: [], sizes: [] });
    expect(variationChoices([], null)).toEqual({ colors: [], sizes: [] });
  });
});

describe("canonicalVariantQuery (issue 25: every ?variant= value was a page and a page-cache entry)", () => {
  const ids = products.map((v) => v.id);
  const canonical = (query: string) => canonicalVariantQuery(new URLSearchParams(query), ids)?.toString() ?? null;

  it("leaves a query without a variant, or with one of the product's in plain digits, as it is", () => {
    expect(canonical("")).toBeNull();
    expect(canonical("utm_source=mail")).toBeNull();
    expect(canonical("variant=12")).toBeNull();
    expect(canonical("utm_source=mail&variant=10")).toBeNull();
  });

  it("drops a variant that is not the product's, or junk, and spells a known one once, in plain digits", () => {
    expect(canonical("variant=99")).toBe("");
    expect(canonical("variant=abc")).toBe("");
    expect(canonical("variant=")).toBe("");
    expect(canonical("variant=1e3")).toBe("");
    expect(canonical("variant=12345678901234567890")).toBe("");
    expect(canonical("variant=012")).toBe("variant=12");
    expect(canonical("variant=12&variant=13")).toBe("variant=12");
    expect(canonical("variant=junk&utm_source=mail")).toBe("utm_source=mail");
  });
});
