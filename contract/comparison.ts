/**
 * §7 "Comparison". §3: comparison is a list of product (variation) ids; §9 max 150.
 * Server sync only when authenticated (§4); the list/categories calls also serve anonymous
 * visitors, whose ids live in local storage.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { id, idsQuery } from "./common.ts";
import { ProductGroupCard, Product } from "./catalog.ts";
import { COMPARISON_LIMIT_MESSAGE, MAX_COMPARISON } from "./limits.ts";

/** §9 and the §5 message (defined without zod for the browser). */
export { COMPARISON_LIMIT_MESSAGE, MAX_COMPARISON };

/** A compared product and its group without the other variations (attributes are per group). */
export const ComparisonItem = z.object({ product: Product, group: ProductGroupCard });
export type ComparisonItem = z.infer<typeof ComparisonItem>;

/** The comparison page is tabbed by category. */
export const ComparisonCategory = z.object({
  id: id(),
  title: z.string(),
  slug: z.string(),
  count: z.number().int().nonnegative(),
  productIds: z.array(id()),
});
export type ComparisonCategory = z.infer<typeof ComparisonCategory>;

/**
 * §7 {products}: product ids, the first the newest; the answer is the whole server list after the
 * change, newest first. Unknown (or out of sale) products are ignored by add.
 */
export const ComparisonChangeRequest = z.object({
  products: z.array(id()).min(1, "Выберите товары").max(MAX_COMPARISON, COMPARISON_LIMIT_MESSAGE),
});
export type ComparisonChangeRequest = z.infer<typeof ComparisonChangeRequest>;

const ids = z.array(id());
const tag = "comparison";

export const comparisonEndpoints = {
  comparingCategories: endpoint({
    id: "comparingCategories",
    method: "GET",
    path: "/comparing/categories",
    tag,
    summary: "Categories of the compared products: of productIds[] if given, else of the user's server list",
    timeout: "default",
    query: z.object({ productIds: idsQuery(MAX_COMPARISON).optional() }),
    response: z.array(ComparisonCategory),
  }),
  comparingListByIds: endpoint({
    id: "comparingListByIds",
    method: "GET",
    path: "/comparing/list/by_ids",
    tag,
    summary: "Compared products by id, in the requested order; missing ids are left out",
    timeout: "catalog",
    query: z.object({ productIds: idsQuery(MAX_COMPARISON) }),
    response: z.array(ComparisonItem),
  }),
  comparingIds: endpoint({
    id: "comparingIds",
    method: "GET",
    path: "/comparing/ids",
    tag,
    summary: "The user's compared product ids, newest first",
    auth: true,
    timeout: "default",
    response: ids,
  }),
  comparingDelete: endpoint({
    id: "comparingDelete",
    method: "POST",
    path: "/comparing/delete",
    tag,
    summary: "Remove products from the comparison; answers the remaining ids",
    auth: true,
    timeout: "default",
    body: ComparisonChangeRequest,
    response: ids,
  }),
  comparingAdd: endpoint({
    id: "comparingAdd",
    method: "POST",
    path: "/comparing/add",
    tag,
    summary:
      "Add products (first = newest; a saved one moves to the front; unknown ones ignored); 400 with the §5 message beyond 150, nothing saved; answers the resulting ids",
    auth: true,
    timeout: "default",
    body: ComparisonChangeRequest,
    response: ids,
  }),
};
