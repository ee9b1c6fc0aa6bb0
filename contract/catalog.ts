/**
 * Catalogue (§7 "Products", brands, print types, coatings). §3 fixes only Product {id, groupId} and
 * "product groups each with a products list"; the rest is designed here (see docs/api-contract.md).
 *
 * A ProductGroup is the catalogue card and product page; its `products` are the variations (colour /
 * size) that the cart and comparison key by id (§3). Favourites and viewed products key by group id.
 */
import { z } from "zod";
import { endpoint, paged } from "./endpoint.ts";
import { IdParams, id, idParam, idsQuery, limitQuery, money, numberQuery, pageQuery, quantity, url } from "./common.ts";
import { CategoryLink, Color } from "./content.ts";
import { MAX_FAVORITES } from "./limits.ts";

// ───────────────────────────── Entities ─────────────────────────────

export const BrandLink = z.object({ id: id(), title: z.string(), slug: z.string() });
export type BrandLink = z.infer<typeof BrandLink>;

/** §3 "brands (grouped, plus flat list with slug)": the client groups by `letter`. */
export const Brand = BrandLink.extend({
  /** Upper-case first letter ("A", "Б", "0-9") for the grouped list. */
  letter: z.string(),
  image: url().nullable(),
});
export type Brand = z.infer<typeof Brand>;

export const BrandDetail = Brand.extend({
  /** HTML; sanitised before display (§5). */
  description: z.string().nullable(),
  productCount: z.number().int().nonnegative(),
});
export type BrandDetail = z.infer<typeof BrandDetail>;

/** Quantity price: `price` per item applies from `minQty` items on. The first tier has minQty 1. */
export const PriceTier = z.object({ minQty: z.number().int().min(1), price: money() });
export type PriceTier = z.infer<typeof PriceTier>;

/** §3 Product = a variation of a group: what goes into the cart and the comparison. */
export const Product = z.object({
  id: id(),
  groupId: id(),
  sku: z.string(),
  title: z.string(),
  color: Color.nullable(),
  size: z.string().nullable(),
  /** Items in stock; the "quantity" filter (§9) compares the group total against it. */
  stock: z.number().int().nonnegative(),
  /** Price of one item (equals the first tier). */
  price: money(),
  /** Ascending by minQty; empty means `price` for any quantity. */
  priceTiers: z.array(PriceTier),
  /** Image URLs, main first; empty → the client shows the default card image (§9). */
  images: z.array(url()),
  /** Grams per item; the cart sums it (§3 cart weight). */
  weight: z.number().int().nonnegative(),
});
export type Product = z.infer<typeof Product>;

/** A filterable attribute value of a group (material, pen type, sex… §9 filter goals). */
export const GroupAttribute = z.object({
  /** Attribute slug, e.g. "material". */
  slug: z.string(),
  /** Attribute title, e.g. "Материал". */
  title: z.string(),
  /** Value slug, e.g. "metal": what the `attrs[]` filter takes. */
  value: z.string(),
  /** Value title, e.g. "Металл". */
  valueTitle: z.string(),
});
export type GroupAttribute = z.infer<typeof GroupAttribute>;

/** Listing badges and the bestoffers/newones/recommended lists (§2 routes). */
export const ProductGroupFlags = z.object({
  isBestOffer: z.boolean(),
  isNew: z.boolean(),
  isRecommended: z.boolean(),
});
export type ProductGroupFlags = z.infer<typeof ProductGroupFlags>;

/** §3 product group with its products list. Used by every listing, the product page and favourites. */
export const ProductGroup = z.object({
  id: id(),
  title: z.string(),
  slug: z.string(),
  /** HTML; sanitised before display (§5). */
  description: z.string(),
  category: CategoryLink,
  brand: BrandLink.nullable(),
  /** Card image; null → default card image (§9). */
  image: url().nullable(),
  /** Gallery, card image first. */
  images: z.array(url()),
  /** Lowest / highest variation price (the card shows "от {minPrice}"). */
  minPrice: money(),
  maxPrice: money(),
  /** Variations, possibly empty: §3 viewed products expose only groups whose list is non-empty. */
  products: z.array(Product),
  attributes: z.array(GroupAttribute),
  /** Ids of the coatings (print types) this group accepts; details come from coating/all. */
  coatings: z.array(id()),
  flags: ProductGroupFlags,
});
export type ProductGroup = z.infer<typeof ProductGroup>;

/** A group without its variations: the comparison page shows one variation next to it. */
export const ProductGroupCard = ProductGroup.omit({ products: true });
export type ProductGroupCard = z.infer<typeof ProductGroupCard>;

/** GET product/{id}: the group plus its category chain, root first, for breadcrumbs. */
export const ProductGroupDetail = ProductGroup.extend({ breadcrumbs: z.array(CategoryLink) });
export type ProductGroupDetail = z.infer<typeof ProductGroupDetail>;

export const ProductGroupPage = paged(ProductGroup);
export type ProductGroupPage = z.infer<typeof ProductGroupPage>;

// ───────────────────────────── Listing and filter queries ─────────────────────────────

/** Listing order. "popular" is the default (product_groups.popularity). */
export const ProductSort = z.enum(["popular", "price_asc", "price_desc", "new", "title"]);
export type ProductSort = z.infer<typeof ProductSort>;

/** The curated lists behind /bestoffers, /newones, /recommended (§2); "popular" = the whole catalogue. */
export const ProductListKind = z.enum(["bestoffers", "newones", "recommended", "popular"]);
export type ProductListKind = z.infer<typeof ProductListKind>;

const slug = () => z.string().trim().min(1).max(120);

/**
 * Filters shared by listings and filter/all. Everything is flat so it survives the query string:
 * arrays go as `key[]=…`. Attribute filters (material, pen type, sex, battery capacity, datebook
 * format, delivery period, dated — §9) go as `attrs[]=material:metal`: "attribute slug:value slug";
 * values of one attribute are OR-ed, different attributes AND-ed.
 */
export const ProductFilterQuery = z.object({
  /** Category slug; the listing includes its subcategories. */
  category: slug().optional(),
  brands: z.array(slug()).max(50).optional(),
  colors: z.array(slug()).max(50).optional(),
  attrs: z
    .array(z.string().regex(/^[a-z0-9_-]+:[a-z0-9_.-]+$/, "Формат attrs: slug:value"))
    .max(100)
    .optional(),
  /** Coating ids: the "printing variants" filter (§9). */
  coatings: idsQuery(50).optional(),
  priceFrom: numberQuery().optional(),
  priceTo: numberQuery().optional(),
  /** Minimal total stock of the group: the "quantity" filter (§9). */
  quantity: z.coerce.number<number>().int().min(1).max(9_999_999).optional(),
  /** Free text within the listing (required by product/search). */
  search: z.string().trim().max(200).optional(),
});
export type ProductFilterQuery = z.input<typeof ProductFilterQuery>;

/** product/list and product/list/{x}: filters + paging + sort. */
export const ProductListQuery = ProductFilterQuery.extend({
  page: pageQuery(),
  pageLimit: limitQuery(24, 100),
  sort: ProductSort.default("popular"),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

/** product/search: the search page; text is required and the page is 10 long (§9). */
export const ProductSearchQuery = ProductListQuery.extend({
  search: z.string().trim().min(1).max(200),
  pageLimit: limitQuery(10, 100),
});
export type ProductSearchQuery = z.input<typeof ProductSearchQuery>;

/** filter/all: the same filters, plus which curated list the facets are counted within. */
export const FilterQuery = ProductFilterQuery.extend({ list: ProductListKind.optional() });
export type FilterQuery = z.input<typeof FilterQuery>;

// ───────────────────────────── Filter data (§3) ─────────────────────────────

/** One facet value with the number of matching groups (given the other filters). */
export const FacetValue = z.object({ slug: z.string(), title: z.string(), count: z.number().int().nonnegative() });
export type FacetValue = z.infer<typeof FacetValue>;

export const BrandFacet = FacetValue.extend({ id: id() });
export type BrandFacet = z.infer<typeof BrandFacet>;
export const ColorFacet = FacetValue.extend({ id: id(), hex: z.string() });
export type ColorFacet = z.infer<typeof ColorFacet>;
export const CoatingFacet = FacetValue.extend({ id: id() });
export type CoatingFacet = z.infer<typeof CoatingFacet>;
export const AttributeFacet = z.object({ slug: z.string(), title: z.string(), values: z.array(FacetValue) });
export type AttributeFacet = z.infer<typeof AttributeFacet>;

export const CategoryCounter = z.object({
  id: id(),
  title: z.string(),
  slug: z.string(),
  parentId: id().nullable(),
  count: z.number().int().nonnegative(),
});
export type CategoryCounter = z.infer<typeof CategoryCounter>;

/**
 * §3 Filter data. The client rounds priceRange (min down, max up) and reverses
 * categoryAncestorCounters, so the server sends raw prices and the chain deepest first.
 */
export const FilterData = z.object({
  /** Price bounds of the matching groups; {0, 0} when nothing matches. */
  priceRange: z.object({ min: money(), max: money() }),
  /** Matching groups with all filters applied. */
  total: z.number().int().nonnegative(),
  /** The current category and its ancestors with their counts, deepest first (the client reverses). */
  categoryAncestorCounters: z.array(CategoryCounter),
  /** Direct subcategories of the current scope with their counts (the sidebar). */
  categories: z.array(CategoryCounter),
  brands: z.array(BrandFacet),
  colors: z.array(ColorFacet),
  coatings: z.array(CoatingFacet),
  attributes: z.array(AttributeFacet),
});
export type FilterData = z.infer<typeof FilterData>;

// ───────────────────────────── Coatings / print types ─────────────────────────────

/** E.g. "1 цвет", "2 цвета": §5 requires a variant when the coating has any. */
export const CoatingVariant = z.object({
  id: id(),
  title: z.string(),
  /** The coating price is multiplied by it. */
  priceMultiplier: z.number().positive(),
});
export type CoatingVariant = z.infer<typeof CoatingVariant>;

/**
 * A checkbox option (e.g. "Срочное нанесение"). `enabled` false = shown but not selectable.
 * `priceType` "percent": `price` % of the coating price; "fixed": `price` rubles per cart line.
 */
export const CoatingOption = z.object({
  id: id(),
  title: z.string(),
  priceType: z.enum(["percent", "fixed"]),
  price: z.number(),
  enabled: z.boolean(),
  /** Checked by default in the form. */
  isDefault: z.boolean(),
});
export type CoatingOption = z.infer<typeof CoatingOption>;

/**
 * A coating = print type (§3 productCoatings, §7 coating/all, print-types). Sizes are millimetres.
 * Per item: (basePrice + pricePerCm2 × width×height/100) × variant multiplier, then options;
 * a line costs at least minPrice.
 */
export const Coating = z.object({
  id: id(),
  title: z.string(),
  slug: z.string(),
  /** HTML for /print/{id}; sanitised before display (§5). */
  description: z.string(),
  /** Short plain text for the list. */
  preview: z.string().nullable(),
  image: url().nullable(),
  variants: z.array(CoatingVariant),
  options: z.array(CoatingOption),
  basePrice: money(),
  pricePerCm2: money(),
  minPrice: money(),
  /** Largest printable area, mm; null = no limit. */
  maxWidth: z.number().positive().nullable(),
  maxHeight: z.number().positive().nullable(),
});
export type Coating = z.infer<typeof Coating>;

/** /print list card. */
export const PrintTypeSummary = Coating.pick({ id: true, title: true, slug: true, preview: true, image: true });
export type PrintTypeSummary = z.infer<typeof PrintTypeSummary>;

/**
 * coating/recalculate. Options are identified by title, as the cart stores them (§3 Coating:
 * "titles of checked, enabled options"). productId lets the server check the group accepts the coating.
 */
export const CoatingRecalculateRequest = z.object({
  coating: id(),
  variant: id().nullable().optional(),
  width: z.number().positive().max(10_000),
  height: z.number().positive().max(10_000),
  options: z.array(z.string()).max(50).default([]),
  quantity: quantity(),
  productId: id().optional(),
});
export type CoatingRecalculateRequest = z.input<typeof CoatingRecalculateRequest>;

/** Price breakdown of one coating line. */
export const CoatingPrice = z.object({
  coating: id(),
  variant: id().nullable(),
  width: z.number(),
  height: z.number(),
  quantity: z.number().int(),
  /** Per item, before the variant multiplier: the coating's basePrice … */
  basePrice: money(),
  /** … plus pricePerCm2 × width×height/100. */
  areaPrice: money(),
  variantMultiplier: z.number().positive(),
  /** Each applied option and what it added to the line. */
  options: z.array(z.object({ id: id(), title: z.string(), amount: z.number() })),
  /** Per item after options. */
  unitPrice: money(),
  /** unitPrice × quantity + fixed options, before the minPrice floor and discounts. */
  priceWithoutDiscount: money(),
  discount: money(),
  /** What the line costs: max(minPrice, priceWithoutDiscount − discount). */
  price: money(),
});
export type CoatingPrice = z.infer<typeof CoatingPrice>;

// ───────────────────────────── Endpoints ─────────────────────────────

const tag = "catalog";

export const catalogEndpoints = {
  productDetail: endpoint({
    id: "productDetail",
    method: "GET",
    shared: true,
    path: "/product/{id}",
    tag,
    summary: "Product page: a product group by id with variations and breadcrumbs (§8: failures map to the error)",
    timeout: "catalog",
    params: IdParams,
    response: ProductGroupDetail,
  }),
  productLookingAt: endpoint({
    id: "productLookingAt",
    method: "GET",
    shared: true,
    path: "/product/list/looking_at",
    tag,
    summary: "Groups other visitors look at together with the given group",
    timeout: "catalog",
    query: z.object({ product: idParam(), limit: limitQuery(12, 50) }),
    response: z.array(ProductGroup),
  }),
  productSearch: endpoint({
    id: "productSearch",
    method: "GET",
    shared: true,
    path: "/product/search",
    tag,
    summary: "Search page results: groups matching the text and filters, paged",
    timeout: "catalog",
    query: ProductSearchQuery,
    response: ProductGroupPage,
  }),
  productListByGroupIds: endpoint({
    id: "productListByGroupIds",
    method: "GET",
    shared: true,
    path: "/product/list/by_group_ids",
    tag,
    summary: "Groups by id, in the requested order; missing ids are left out (favourites 404 ids, viewed products)",
    timeout: "favoriteGroups",
    // §9: favourites hold up to 300 groups.
    query: z.object({ groupIds: idsQuery(MAX_FAVORITES) }),
    response: z.array(ProductGroup),
  }),
  productListKind: endpoint({
    id: "productListKind",
    method: "GET",
    shared: true,
    path: "/product/list/{x}",
    tag,
    summary: "Curated list (bestoffers, newones, recommended, popular) with filters, paged",
    timeout: "catalog",
    params: z.object({ x: ProductListKind }),
    query: ProductListQuery,
    response: ProductGroupPage,
  }),
  productList: endpoint({
    id: "productList",
    method: "GET",
    shared: true,
    path: "/product/list",
    tag,
    summary: "Category / brand listing with filters, paged",
    timeout: "catalog",
    query: ProductListQuery,
    response: ProductGroupPage,
  }),
  filterAll: endpoint({
    id: "filterAll",
    method: "GET",
    shared: true,
    path: "/filter/all",
    tag,
    summary: "Facets with counts for the current filters (§3 filter data)",
    timeout: "catalog",
    query: FilterQuery,
    response: FilterData,
  }),
  coatingAll: endpoint({
    id: "coatingAll",
    method: "GET",
    shared: true,
    path: "/coating/all",
    tag,
    summary: "All coatings with variants, options and pricing (§3 productCoatings)",
    timeout: "catalog",
    response: z.array(Coating),
  }),
  coatingRecalculate: endpoint({
    id: "coatingRecalculate",
    method: "POST",
    path: "/coating/recalculate",
    tag,
    summary: "Price of one coating line for a quantity",
    timeout: "catalog",
    body: CoatingRecalculateRequest,
    response: CoatingPrice,
  }),
  brandListAll: endpoint({
    id: "brandListAll",
    method: "GET",
    shared: true,
    path: "/brand/list/all",
    tag,
    summary: "All brands, flat, sorted by title; the client groups them by letter",
    timeout: "catalog",
    response: z.array(Brand),
  }),
  brandDetail: endpoint({
    id: "brandDetail",
    method: "GET",
    shared: true,
    path: "/brand/detail/{id}",
    tag,
    summary: "Brand by numeric id or by slug (the /brands/{slug} route has only the slug)",
    timeout: "catalog",
    params: z.object({ id: z.string().min(1).describe("Numeric brand id or brand slug") }),
    response: BrandDetail,
  }),
  printTypeList: endpoint({
    id: "printTypeList",
    method: "GET",
    shared: true,
    path: "/print-types/list",
    tag,
    summary: "Print types for /print",
    timeout: "catalog",
    response: z.array(PrintTypeSummary),
  }),
  printTypeDetail: endpoint({
    id: "printTypeDetail",
    method: "GET",
    shared: true,
    path: "/print-types/detail/{id}",
    tag,
    summary: "Print type page: the coating with description and pricing",
    timeout: "catalog",
    params: IdParams,
    response: Coating,
  }),
};
