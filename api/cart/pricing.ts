/**
 * Cart pricing: one service for cart/unauth and order/create_unauth, so an order is always priced
 * exactly as the cart page showed it, from the database, never from prices the client sent.
 *
 * At most one round trip per cart, whatever its size: the variations (with colour, price tiers,
 * their group and the coatings the group accepts) and the coatings the lines name (with variants
 * and options) are read as JSON by one statement, every lookup by primary key or an index
 * starting with the key. So the cost follows the number of lines, not the size of the catalogue.
 *
 * Read cache (cart/unauth only): the anonymous cart is re-priced on every cart page view and
 * every count change, so the rows it reads are kept in process like the storefront keeps catalogue
 * answers (ADR 010): variations in an LRU (CART_CACHE_ENTRIES, CART_CACHE_BYTES, CART_CACHE_TTL_MS), all coatings as
 * one entry with the same lifetime, both dropped whenever the API changes catalogue data
 * (deps.onChange). Another instance's change shows within the TTL. An order never uses the cache
 * (`fresh`): it is priced from the database as it is at that moment.
 *
 * Per line (contract CartLine):
 *   unitPrice  = price of the highest tier whose minQty ≤ count (the variation's price below the
 *                first tier or without tiers)
 *   itemsPrice = unitPrice × count
 *   printPrice = Σ coating lines, each priced by catalog/pricing.ts (coating/recalculate's rules)
 *                for `count` items
 *   price      = itemsPrice + printPrice;  weight = grams × count
 * Every step is rounded to kopecks (roundMoney).
 *
 * Decision (§5, documented in contract PricedCoatingLine): a coating line that is not complete
 * (a coating with variants and no variant), names an unknown variant, option or coating, exceeds
 * the coating's print area or is not offered for the product is NOT a reason to fail pricing the
 * cart: §8 resets the cart page to zeros on any cart call error, so one unfinished line would hide
 * the whole cart. It comes back with `problems`, priced 0, outside printPrice. The same problems,
 * with full field paths (`variations.N.coatings.M.variant`), are handed to the caller: the order
 * refuses them (api/order/service.ts).
 *
 * Variations that do not exist or whose group is out of sale (not active) are listed in
 * `unavailableVariations` and not priced.
 *
 * Stock (ADR 025, ADR 043): a count above the stock is priced as any other and gets a `stockNote`
 * (contract/stock-note.ts: "В наличии 1 268 шт., остальные 3 732 шт. — под заказ, срок поставки
 * 8–14 дней", the term from the group's "Срок поставки" attribute, else "срок уточнит
 * менеджер"): a gifts shop takes such orders, so the cart page shows the note under the count, the
 * order accepts the line and its letter repeats the note.
 */
import { sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { LEAD_TIME_ATTRIBUTE, leadTimeText, stockNote, type Cart, type CartCoatingLine, type CartLine, type CoatingLineProblem, type PricedCoatingLine, type Product } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import type { FieldError } from "../http/errors";
import { COATING_NOT_FOUND, COATING_VARIANTS_JSON } from "../catalog/coatings";
import { intArray } from "../catalog/filters";
import { PRODUCT_JSON } from "../catalog/groups";
import { listUnitPrice } from "../../contract/kp-pricing";
import { priceCoatingLine, roundMoney, validateCoatingLine, type PricedCoating } from "../catalog/pricing";

/** Seconds-scale, like the storefront's API_CACHE_TTL: a price change shows within it on other instances. */
export const CART_CACHE_TTL_MS = 30_000;
/** ~1 KB each: at most a few MB of the heap. */
export const CART_CACHE_ENTRIES = 4000;
/**
 * And at most this many bytes, each variation counted as its JSON in UTF-16 (ADR 049; every cache's
 * bounds: docs/architecture.md "Caches and their bounds").
 */
export const CART_CACHE_BYTES = 8 * 1024 * 1024;

/** What pricing needs of a coating (no description: it is a whole HTML page). */
type CoatingRow = PricedCoating & { title: string };

const COATING_PRICING_JSON = sql`json_build_object(
  'id', co.id,
  'title', co.title,
  'basePrice', co.base_price,
  'pricePerCm2', co.price_per_cm2,
  'minPrice', co.min_price,
  'maxWidth', co.max_width,
  'maxHeight', co.max_height,
  'variants', ${COATING_VARIANTS_JSON},
  'options', COALESCE((SELECT json_agg(json_build_object('id', o.id, 'title', o.title, 'priceType', o.modifier_type,
        'price', o.modifier_value, 'enabled', o.is_enabled) ORDER BY o.sort, o.id)
      FROM coating_options o WHERE o.coating_id = co.id), '[]'::json)
)`;

/** A cart line as the contract parses it (CartItemInput output). */
export interface PricingItem {
  variation: number;
  count: number;
  comment: string | null;
  coatings: CartCoatingLine[];
}

export interface PricedCart {
  cart: Cart;
  /**
   * Coating lines that could not be priced, with their full field path in the request
   * (`variations.N.coatings.M.<field>`, N and M the positions as sent).
   */
  problems: FieldError[];
}

export const COATING_NOT_OFFERED = "Это нанесение недоступно для выбранного товара";
/** A coating the group does not accept, named (the product page would not offer it). */
export function coatingNotOffered(title: string): string {
  return title ? `Нанесение «${title}» для этого товара недоступно — выберите другое или удалите его` : COATING_NOT_OFFERED;
}

/** A variation on sale with what its cart line shows. */
interface VariationRow {
  product: Product;
  group: CartLine["group"];
  /** Coating ids the variation's group accepts. */
  accepts: number[];
  /** The group's supply term ("Срок поставки" attribute value), null without one. */
  leadTime: string | null;
}

/** Variations of `ids` whose group is active, as JSON (`v` rows). */
function variationsJson(ids: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object(
      'product', ${PRODUCT_JSON},
      'group', json_build_object('id', g.id, 'title', g.title, 'slug', g.slug, 'image', g.image),
      'accepts', COALESCE((SELECT json_agg(pc.coating_id ORDER BY co.sort, co.id) FROM product_group_coatings pc
        JOIN coatings co ON co.id = pc.coating_id WHERE pc.group_id = g.id), '[]'::json),
      'leadTime', (SELECT v.value_title FROM product_group_attributes v JOIN attributes a ON a.id = v.attribute_id
        WHERE v.group_id = g.id AND a.slug = ${LEAD_TIME_ATTRIBUTE} ORDER BY v.value_slug LIMIT 1)
    )), '[]'::json)
    FROM products p
    JOIN product_groups g ON g.id = p.group_id AND g.is_active
    LEFT JOIN colors col ON col.id = p.color_id
    WHERE p.id = ANY(${ids}))`;
}

/** The tier reached by `count` (contract/kp-pricing.ts: one rule for the cart and offers). */
export function unitPriceFor(product: Pick<Product, "price" | "priceTiers">, count: number): number {
  return listUnitPrice(product, count);
}

function priceCoatings(
  lines: readonly CartCoatingLine[],
  count: number,
  accepts: ReadonlySet<number>,
  coatings: ReadonlyMap<number, CoatingRow>,
): PricedCoatingLine[] {
  return lines.map((line) => {
    const coating = coatings.get(line.coating);
    const problems: CoatingLineProblem[] = [];
    if (!coating) {
      problems.push({ field: "coating", message: COATING_NOT_FOUND });
    } else {
      // Not offered for this product: its sizes or variant say nothing more.
      if (!accepts.has(coating.id)) problems.push({ field: "coating", message: coatingNotOffered(coating.title) });
      else problems.push(...validateCoatingLine(coating, { ...line, quantity: count }));
    }
    const variantTitle = coating?.variants.find((v) => v.id === line.variant)?.title ?? null;
    const base = { ...line, coatingTitle: coating?.title ?? "", variantTitle };
    if (!coating || problems.length) return { ...base, priceWithoutDiscount: 0, price: 0, problems };
    const priced = priceCoatingLine(coating, { ...line, quantity: count });
    return { ...base, priceWithoutDiscount: priced.priceWithoutDiscount, price: priced.price, problems };
  });
}

export interface CartPricingOptions {
  /** Subscribe to catalogue changes (deps.onChange): the read cache is dropped on each. */
  onChange?: (listener: () => void) => void;
  /** 0 = no read cache. */
  cacheTtlMs?: number;
}

export function createCartPricing(db: Db, options: CartPricingOptions = {}) {
  const ttl = options.cacheTtlMs ?? CART_CACHE_TTL_MS;
  const variations =
    ttl > 0
      ? new LRUCache<number, VariationRow>({
          max: CART_CACHE_ENTRIES,
          maxSize: CART_CACHE_BYTES,
          sizeCalculation: (row) => Math.max(1, JSON.stringify(row).length * 2),
          ttl,
        })
      : null;
  let coatingsCache: { expires: number; value: Promise<Map<number, CoatingRow>> } | null = null;
  options.onChange?.(() => {
    variations?.clear();
    coatingsCache = null;
  });

  const toMap = <T extends { product: Product }>(rows: T[]) => new Map(rows.map((r) => [r.product.id, r]));
  const coatingMap = (rows: CoatingRow[]) => new Map(rows.map((c) => [c.id, c]));

  /** Every coating, kept for the TTL (a handful of rows). */
  function allCoatings(): Promise<Map<number, CoatingRow>> {
    const now = Date.now();
    if (coatingsCache && coatingsCache.expires > now) return coatingsCache.value;
    const value = queryRows<{ c: CoatingRow[] }>(
      db,
      sql`SELECT COALESCE((SELECT json_agg(${COATING_PRICING_JSON} ORDER BY co.id) FROM coatings co), '[]'::json) AS c`,
    ).then(([row]) => coatingMap(row?.c ?? []));
    coatingsCache = { expires: now + ttl, value };
    value.catch(() => {
      if (coatingsCache?.value === value) coatingsCache = null;
    });
    return value;
  }

  /** From the database, in one statement: the variations and the coatings the lines name. */
  async function loadFresh(items: readonly PricingItem[]): Promise<{ rows: Map<number, VariationRow>; coatings: Map<number, CoatingRow> }> {
    const coatingIds = [...new Set(items.flatMap((item) => item.coatings.map((c) => c.coating)))];
    const [row] = await queryRows<{ v: VariationRow[]; c: CoatingRow[] }>(
      db,
      sql`SELECT ${variationsJson(intArray(items.map((item) => item.variation)))} AS v,
        (SELECT COALESCE(json_agg(${COATING_PRICING_JSON}), '[]'::json) FROM coatings co WHERE co.id = ANY(${intArray(coatingIds)})) AS c`,
    );
    return { rows: toMap(row?.v ?? []), coatings: coatingMap(row?.c ?? []) };
  }

  /** Through the read cache: only variations not in it are read (one statement). */
  async function loadCached(
    items: readonly PricingItem[],
    cache: LRUCache<number, VariationRow>,
  ): Promise<{ rows: Map<number, VariationRow>; coatings: Map<number, CoatingRow> }> {
    const rows = new Map<number, VariationRow>();
    const missing: number[] = [];
    for (const item of items) {
      const hit = cache.get(item.variation);
      if (hit) rows.set(item.variation, hit);
      else missing.push(item.variation);
    }
    const coatingsPromise = items.some((item) => item.coatings.length) ? allCoatings() : Promise.resolve(new Map<number, CoatingRow>());
    if (missing.length) {
      const [row] = await queryRows<{ v: VariationRow[] }>(db, sql`SELECT ${variationsJson(intArray(missing))} AS v`);
      for (const variation of row?.v ?? []) {
        Object.freeze(variation);
        cache.set(variation.product.id, variation);
        rows.set(variation.product.id, variation);
      }
    }
    return { rows, coatings: await coatingsPromise };
  }

  return {
    /**
     * Prices `items` (already validated by the contract: counts 1..999999, ≤ MAX_CART_ITEMS, no
     * repeats). `fresh`: read the database, not the read cache (orders).
     */
    async price(items: readonly PricingItem[], comment = "", { fresh = false }: { fresh?: boolean } = {}): Promise<PricedCart> {
      const empty = { rows: new Map<number, VariationRow>(), coatings: new Map<number, CoatingRow>() };
      const { rows, coatings: coatingById } = items.length === 0 ? empty : fresh || !variations ? await loadFresh(items) : await loadCached(items, variations);
      const cartItems: CartLine[] = [];
      const unavailableVariations: number[] = [];
      const problems: FieldError[] = [];
      let itemsPrice = 0;
      let printPrice = 0;
      let totalCount = 0;
      let weight = 0;
      items.forEach((item, index) => {
        const row = rows.get(item.variation);
        if (!row) {
          unavailableVariations.push(item.variation);
          return;
        }
        const coatingLines = priceCoatings(item.coatings, item.count, new Set(row.accepts), coatingById);
        coatingLines.forEach((line, m) => {
          for (const p of line.problems) problems.push({ field: `variations.${index}.coatings.${m}.${p.field}`, message: p.message });
        });
        const unitPrice = unitPriceFor(row.product, item.count);
        const lineItems = roundMoney(unitPrice * item.count);
        const linePrint = roundMoney(coatingLines.reduce((sum, line) => sum + line.price, 0));
        const lineWeight = row.product.weight * item.count;
        cartItems.push({
          variation: item.variation,
          count: item.count,
          comment: item.comment,
          coatings: coatingLines,
          product: row.product,
          group: { ...row.group, coatings: row.accepts },
          unitPrice,
          itemsPrice: lineItems,
          printPrice: linePrint,
          price: roundMoney(lineItems + linePrint),
          stockNote: stockNote(row.product.stock, item.count, leadTimeText(row.leadTime)),
          weight: lineWeight,
        });
        itemsPrice = roundMoney(itemsPrice + lineItems);
        printPrice = roundMoney(printPrice + linePrint);
        totalCount += item.count;
        weight += lineWeight;
      });
      return {
        cart: {
          cartItems,
          itemsPrice,
          printPrice,
          price: roundMoney(itemsPrice + printPrice),
          totalCount,
          weight,
          comment,
          images: [],
          unavailableVariations,
        },
        problems,
      };
    },
  };
}

export type CartPricing = ReturnType<typeof createCartPricing>;
