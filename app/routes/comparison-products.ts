/**
 * GET /comparison/products?ids=5,3: the compared products (§3, §7) for the /comparison page, which
 * asks after hydration (ids live in local storage; ADR 026). comparing/categories gives the tabs,
 * comparing/list/by_ids the products; `missing` are ids the catalogue no longer has (the page drops
 * them). A failed call is `failed`, and nothing is dropped then.
 */
import { data } from "react-router";
import type { Route } from "./+types/comparison-products";
import { endpoints, type ComparisonItem } from "#contract/index.ts";
import { MAX_COMPARISON, MAX_DB_ID } from "#contract/limits.ts";
import { DEFAULT_CARD_IMAGE, productHref } from "#app/features/catalog/card-view.ts";
import type { ComparedProduct } from "#app/features/comparison/comparison-table.ts";
import { formatCount } from "#app/lib/format.ts";
import { parseIdList } from "#app/features/viewed/id-list.ts";


/** The fixed rows first, then the group's attributes (several values of one attribute joined). */
function compared({ product, group }: ComparisonItem): ComparedProduct {
  const properties: Record<string, string> = {
    Бренд: group.brand?.title ?? "",
    Цвет: product.color?.title ?? "",
    Размер: product.size ?? "",
    Наличие: product.stock > 0 ? `В наличии ${formatCount(product.stock)} шт.` : "Под заказ",
  };
  if (product.weight > 0) properties["Вес"] = `${formatCount(product.weight)} г`;
  for (const a of group.attributes) properties[a.title] = properties[a.title] ? `${properties[a.title]}, ${a.valueTitle}` : a.valueTitle;
  return {
    id: product.id,
    groupId: group.id,
    title: group.title,
    href: productHref(group.id, product.id),
    image: product.images[0] ?? group.image ?? group.images[0] ?? DEFAULT_CARD_IMAGE,
    sku: product.sku,
    price: product.price,
    properties,
  };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const ids = parseIdList(url.searchParams.get("ids"), MAX_COMPARISON);
  const none = { categories: [] as { id: number; title: string; productIds: number[] }[], products: [] as ComparedProduct[], missing: [] as number[], failed: false };
  if (!ids.length) return none;
  // An id beyond the database's int4 names nothing: missing, without asking.
  const asked = ids.filter((id) => id <= MAX_DB_ID);
  if (!asked.length) return { ...none, missing: ids };
  const query = { productIds: asked };
  const [categories, items] = await Promise.all([
    context.api.call(endpoints.comparingCategories, { query }),
    context.api.call(endpoints.comparingListByIds, { query }),
  ]);
  if (!categories.ok || !items.ok) return data({ ...none, failed: true }, { headers: { "Cache-Control": "no-store" } });
  const found = new Set(items.data.map((i) => i.product.id));
  return data(
    {
      categories: categories.data.map(({ id, title, productIds }) => ({ id, title, productIds })),
      products: items.data.map(compared),
      missing: ids.filter((id) => !found.has(id)),
      failed: false,
    },
    { headers: { "Cache-Control": "private, max-age=30" } },
  );
}
