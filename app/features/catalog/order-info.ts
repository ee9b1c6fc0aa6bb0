/**
 * §3 order-info block: four sections (printDeadline, minimalOrder, paymentTypes, deliveryInfo), each a
 * JSON string holding blocks `{type:"text", title?, html}` | `{type:"list", title?, items}` |
 * `{type:"products", title?, productGroupIds}`. Products blocks are enriched with the matching product
 * groups by group id. §8: malformed JSON is silently ignored, giving an empty block.
 *
 * Browser code: the shape check is hand-written (contract OrderInfoItem is a zod schema; only its
 * type is imported). HTML in text blocks is NOT sanitised here: sanitise before display (§5).
 */
import type { OrderInfoBlock, OrderInfoItem } from "#contract/content.ts";

export const ORDER_INFO_SECTIONS = ["printDeadline", "minimalOrder", "paymentTypes", "deliveryInfo"] as const;
export type OrderInfoSection = (typeof ORDER_INFO_SECTIONS)[number];
export type ParsedOrderInfo = Record<OrderInfoSection, OrderInfoItem[]>;

/** product/list/by_group_ids takes at most 300 ids (contract). */
export const MAX_ORDER_INFO_GROUP_IDS = 300;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isSafeInteger(x));

/** One block in the contract shape (unknown keys dropped), or null. */
function toBlock(v: unknown): OrderInfoItem | null {
  if (!isRecord(v)) return null;
  if (v.title !== undefined && typeof v.title !== "string") return null;
  const title = v.title === undefined ? {} : { title: v.title };
  switch (v.type) {
    case "text":
      return typeof v.html === "string" ? { type: "text", ...title, html: v.html } : null;
    case "list":
      return isStringArray(v.items) ? { type: "list", ...title, items: [...v.items] } : null;
    case "products":
      return isIntArray(v.productGroupIds) ? { type: "products", ...title, productGroupIds: [...v.productGroupIds] } : null;
    default:
      return null;
  }
}

/**
 * A section's JSON → its blocks. All or nothing, like the contract schema: malformed JSON, a value
 * that isn't an array, or any block of a wrong shape → [] (§8 "an empty block").
 */
export function parseOrderInfoSection(json: string | null | undefined): OrderInfoItem[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const blocks = value.map(toBlock);
  return blocks.every((b): b is OrderInfoItem => b !== null) ? blocks : [];
}

/** All four sections parsed (a missing section → []). */
export function parseOrderInfo(block: Partial<OrderInfoBlock> | null | undefined): ParsedOrderInfo {
  const out = {} as ParsedOrderInfo;
  for (const section of ORDER_INFO_SECTIONS) out[section] = parseOrderInfoSection(block?.[section]);
  return out;
}

/** Every product group id the products blocks need, unique, first-seen order, at most 300 (one by_group_ids call). */
export function productGroupIdsOf(sections: ParsedOrderInfo | readonly (readonly OrderInfoItem[])[]): number[] {
  const lists: readonly (readonly OrderInfoItem[])[] = Array.isArray(sections)
    ? sections
    : ORDER_INFO_SECTIONS.map((s) => (sections as ParsedOrderInfo)[s]);
  const ids = new Set<number>();
  for (const blocks of lists) {
    for (const block of blocks) {
      if (block.type === "products") block.productGroupIds.filter((id) => id > 0).forEach((id) => ids.add(id));
    }
  }
  return [...ids].slice(0, MAX_ORDER_INFO_GROUP_IDS);
}

export type ProductsBlock = Extract<OrderInfoItem, { type: "products" }>;
export type EnrichedOrderInfoItem<G> = Exclude<OrderInfoItem, { type: "products" }> | (ProductsBlock & { groups: G[] });

/**
 * §3: products blocks get `groups` = the loaded groups whose id is in productGroupIds, in the block's
 * order (each once); ids that weren't loaded (missing, failed call) are left out. Other blocks are unchanged.
 */
export function enrichProducts<G extends { id: number }>(
  blocks: readonly OrderInfoItem[],
  groups: readonly G[],
): EnrichedOrderInfoItem<G>[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  return blocks.map((block) =>
    block.type === "products"
      ? { ...block, groups: [...new Set(block.productGroupIds)].map((id) => byId.get(id)).filter((g): g is G => g !== undefined) }
      : block,
  );
}

/** enrichProducts over all four sections. */
export function enrichOrderInfo<G extends { id: number }>(
  parsed: ParsedOrderInfo,
  groups: readonly G[],
): Record<OrderInfoSection, EnrichedOrderInfoItem<G>[]> {
  const out = {} as Record<OrderInfoSection, EnrichedOrderInfoItem<G>[]>;
  for (const section of ORDER_INFO_SECTIONS) out[section] = enrichProducts(parsed[section], groups);
  return out;
}
