import { describe, expect, it } from "vitest";
import { comparisonRows, NO_VALUE, type ComparedProduct } from "./comparison-table.ts";

const product = (id: number, properties: Record<string, string>): ComparedProduct => ({
  id,
  groupId: id,
  title: `Товар ${id}`,
  href: `/catalog/goods/${id}`,
  image: "/x.svg",
  sku: `S${id}`,
  price: 100,
  properties,
});

describe("comparisonRows", () => {
  it("one row per property in order of first appearance, a missing value shown as a dash, differing rows marked", () => {
    const rows = comparisonRows([product(1, { Бренд: "Arrow", Материал: "Металл" }), product(2, { Бренд: "Arrow", Цвет: "Белый" })]);
    expect(rows).toEqual([
      { title: "Бренд", values: ["Arrow", "Arrow"], differs: false },
      { title: "Материал", values: ["Металл", NO_VALUE], differs: true },
      { title: "Цвет", values: [NO_VALUE, "Белый"], differs: true },
    ]);
  });

  it("a property none of them has is left out; one product differs from nothing", () => {
    expect(comparisonRows([product(1, { Размер: "", Бренд: "Arrow" })])).toEqual([{ title: "Бренд", values: ["Arrow"], differs: false }]);
  });
});
