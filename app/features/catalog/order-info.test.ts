import { describe, expect, it } from "vitest";
import { OrderInfoItem } from "#contract/content.ts";
import {
  enrichOrderInfo,
  enrichProducts,
  MAX_ORDER_INFO_GROUP_IDS,
  parseOrderInfo,
  parseOrderInfoSection,
  productGroupIdsOf,
} from "./order-info.ts";

const text = { type: "text", title: "Сроки", html: "<p>5 дней</p>" };
const list = { type: "list", items: ["Наличные", "Счёт"] };
const products = { type: "products", title: "Хиты", productGroupIds: [5, 3] };
const json = (v: unknown) => JSON.stringify(v);

describe("parseOrderInfoSection (§3, §8)", () => {
  it("parses text, list and products blocks", () => {
    expect(parseOrderInfoSection(json([text, list, products]))).toEqual([text, list, products]);
  });
  it("agrees with the contract schema", () => {
    for (const block of [text, list, products]) expect(OrderInfoItem.parse(block)).toEqual(parseOrderInfoSection(json([block]))[0]);
  });
  it("drops unknown keys", () => {
    expect(parseOrderInfoSection(json([{ ...text, extra: 1 }]))).toEqual([text]);
  });
  it.each([
    ["empty", ""],
    ["null", null],
    ["malformed JSON", "[{"],
    ["not an array", json(text)],
    ["JSON null", "null"],
    ["an unknown block type", json([{ type: "video", url: "x" }])],
    ["text without html", json([{ type: "text" }])],
    ["list items not strings", json([{ type: "list", items: [1] }])],
    ["products ids not integers", json([{ type: "products", productGroupIds: ["5"] }])],
    ["a non-string title", json([{ ...text, title: 5 }])],
    ["a non-object block", json([text, "x"])],
  ])("gives [] for %s", (_why, raw) => {
    expect(parseOrderInfoSection(raw)).toEqual([]);
  });
  it("is all or nothing: one wrong block empties the section", () => {
    expect(parseOrderInfoSection(json([text, { type: "list", items: "no" }]))).toEqual([]);
  });
});

describe("parseOrderInfo / productGroupIdsOf / enrichProducts", () => {
  const parsed = parseOrderInfo({
    printDeadline: json([text]),
    minimalOrder: json([products]),
    paymentTypes: "broken",
    deliveryInfo: json([{ type: "products", productGroupIds: [3, 8, -1] }, list]),
  });

  it("parses the four sections independently", () => {
    expect(parsed).toEqual({ printDeadline: [text], minimalOrder: [products], paymentTypes: [], deliveryInfo: [{ type: "products", productGroupIds: [3, 8, -1] }, list] });
    expect(parseOrderInfo(null)).toEqual({ printDeadline: [], minimalOrder: [], paymentTypes: [], deliveryInfo: [] });
  });

  it("collects every group id once, in first-seen order, only positive ids", () => {
    expect(productGroupIdsOf(parsed)).toEqual([5, 3, 8]);
    expect(productGroupIdsOf([parsed.deliveryInfo, parsed.minimalOrder])).toEqual([3, 8, 5]);
  });

  it("caps the ids at one by_group_ids call", () => {
    const many = [{ type: "products" as const, productGroupIds: Array.from({ length: 400 }, (_, i) => i + 1) }];
    expect(productGroupIdsOf([many])).toHaveLength(MAX_ORDER_INFO_GROUP_IDS);
  });

  it("enriches products blocks with the groups matched by group id, in the block's order", () => {
    const groups = [{ id: 3, title: "Ручка" }, { id: 5, title: "Кружка" }, { id: 9, title: "Лишняя" }];
    const blocks = parseOrderInfoSection(json([text, { type: "products", productGroupIds: [5, 3, 4, 5] }]));
    expect(enrichProducts(blocks, groups)).toEqual([
      text,
      { type: "products", productGroupIds: [5, 3, 4, 5], groups: [groups[1], groups[0]] },
    ]);
  });

  it("enrichOrderInfo does all sections", () => {
    const enriched = enrichOrderInfo(parsed, [{ id: 8 }]);
    expect(enriched.deliveryInfo[0]).toMatchObject({ groups: [{ id: 8 }] });
    expect(enriched.minimalOrder[0]).toMatchObject({ groups: [] });
    expect(enriched.printDeadline).toEqual([text]);
  });
});
