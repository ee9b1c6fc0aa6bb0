/**
 * Database schema of the reference API, for the whole roadmap (§1): content, catalogue, search,
 * accounts, favourites, comparison, cart, orders and commercial offers (KP).
 *
 * Conventions:
 * - ids are identity columns "by default", so the deterministic seed can write explicit ids and
 *   then move the sequences past them;
 * - money is numeric(12,2) read as a JS number (rubles);
 * - indexes are chosen for listings and facet counts at 100k product groups: every listing
 *   (category, brand, best offers / new / recommended, search) has an index matching its filter
 *   and its default sort, and every facet (brand, colour, attribute, coating) has an index that
 *   starts with the facet key.
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const varbit = customType<{ data: string }>({ dataType: () => "bit varying" });
const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ───────────────────────────── Content ─────────────────────────────

/** Offices and show-rooms; a city's site shows the office that serves it (contract CityOffice). */
export const offices = pgTable("offices", {
  id: id(),
  phone: text("phone").notNull(),
  email: text("email"),
  postalCode: text("postal_code").notNull(),
  city: text("city").notNull(),
  street: text("street").notNull(),
  operationMode: text("operation_mode").notNull(),
  lat: doublePrecision("lat"),
  lon: doublePrecision("lon"),
});

/** §3 City; §4 relies on the list order (2nd = Москва, 3rd = Россия), kept by `sort`. */
export const cities = pgTable("cities", {
  id: id(),
  title: text("title").notNull(),
  titlePrepositional: text("title_prepositional").notNull(),
  titleDative: text("title_dative").notNull(),
  domainPrefix: text("domain_prefix"),
  sort: integer("sort").notNull().default(0),
  /** Several cities may share an office (Россия is served by St Petersburg's). */
  officeId: integer("office_id").references(() => offices.id, { onDelete: "set null" }),
});

/** Named contact entries (§3); names outside CONTACT_KEYS are bank data. */
export const contacts = pgTable("contacts", {
  id: id(),
  name: text("name").notNull().unique(),
  title: text("title").notNull(),
  value: text("value").notNull(),
  sort: integer("sort").notNull().default(0),
});

/** The four order-info sections of §3, each a JSON string of blocks. */
export const orderInfoBlocks = pgTable("order_info_blocks", {
  section: text("section").primaryKey(),
  content: text("content").notNull(),
});

/** Scalar site settings, e.g. minimalOrderPrice (§9). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** SEO entry per page path (slug "/", "/about", "/catalog/{slug}"...). */
export const seo = pgTable("seo", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  keywords: text("keywords"),
  h1: text("h1"),
});

export const staticPages = pgTable("static_pages", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  content: text("content").notNull(),
  seoTitle: text("seo_title"),
  seoDescription: text("seo_description"),
  updatedAt: updatedAt(),
});

export const slides = pgTable(
  "slides",
  {
    id: id(),
    slider: text("slider").notNull().default("main"),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    image: text("image").notNull(),
    imageMobile: text("image_mobile"),
    link: text("link"),
    buttonText: text("button_text"),
    sort: integer("sort").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [index("slides_slider_sort_idx").on(t.slider, t.sort)],
);

export const banners = pgTable(
  "banners",
  {
    id: id(),
    title: text("title").notNull(),
    image: text("image").notNull(),
    link: text("link").notNull(),
    position: text("position").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sort: integer("sort").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [index("banners_position_sort_idx").on(t.position, t.sort)],
);

/** News, blog posts and promotions (§7 blog/news/promotion lists), paged newest first. */
export const posts = pgTable(
  "posts",
  {
    id: id(),
    /** "news" | "blog" | "promotion" */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    preview: text("preview").notNull(),
    content: text("content").notNull(),
    image: text("image"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    /** Promotions run for a period. */
    activeFrom: date("active_from"),
    activeTo: date("active_to"),
    isPublished: boolean("is_published").notNull().default(true),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("posts_kind_slug_uq").on(t.kind, t.slug),
    index("posts_kind_published_idx").on(t.kind, t.publishedAt),
  ],
);

// ───────────────────────────── Catalogue ─────────────────────────────

export const categories = pgTable(
  "categories",
  {
    id: id(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    /** Materialised path of ids, "/1/5/": a subtree is one prefix scan (listing a parent includes its children). */
    path: text("path").notNull(),
    depth: integer("depth").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    showInFooter: boolean("show_in_footer").notNull().default(false),
    image: text("image"),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [
    index("categories_parent_sort_idx").on(t.parentId, t.sort),
    index("categories_path_idx").on(t.path.op("text_pattern_ops")),
  ],
);

export const brands = pgTable(
  "brands",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** First letter, for the grouped brand list (§3 "brands (grouped…)"). */
    letter: text("letter").notNull(),
    image: text("image"),
    description: text("description"),
  },
  (t) => [index("brands_letter_title_idx").on(t.letter, t.title)],
);

export const colors = pgTable("colors", {
  id: id(),
  title: text("title").notNull(),
  slug: text("slug").notNull().unique(),
  hex: text("hex").notNull(),
  sort: integer("sort").notNull().default(0),
});

/** A product group (the catalogue card); its variations are `products`. */
export const productGroups = pgTable(
  "product_groups",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    /**
     * Top-level ancestor of categoryId (itself for a root). Denormalised so a top category page,
     * the biggest subtree, is one ordered index scan instead of a sort over all its children.
     * Writers keep it in sync with categories.path.
     */
    rootCategoryId: integer("root_category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "set null" }),
    image: text("image"),
    isBestOffer: boolean("is_best_offer").notNull().default(false),
    isNew: boolean("is_new").notNull().default(false),
    isRecommended: boolean("is_recommended").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** Denormalised from the variations so listings sort and range-filter without a join. */
    minPrice: money("min_price").notNull().default(0),
    maxPrice: money("max_price").notNull().default(0),
    /** Sum of variation stock: the "quantity" filter (§9) compares against it. */
    totalStock: integer("total_stock").notNull().default(0),
    /** Default listing order ("popular first"). */
    popularity: integer("popularity").notNull().default(0),
    /**
     * Facet membership of the group as integer codes (api/catalog/facet-codes.ts): its variations'
     * colours, its coatings and its attribute values. Denormalised so filters and facet counts are
     * evaluated on the covering category indexes (migration 0003, INCLUDE columns) without joins
     * or heap visits. Writers keep it in sync (refreshCatalogFacets).
     */
    facetCodes: integer("facet_codes").array().notNull().default(sql`'{}'::integer[]`),
    /** Extra searchable words: brand, category, SKUs. */
    keywords: text("keywords").notNull().default(""),
    /**
     * Full-text document ('russian' stemming): title weighs more than keywords. The description
     * is left out on purpose: it is boilerplate-heavy and would make every query match everything.
     */
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('russian', title), 'A') || setweight(to_tsvector('russian', keywords), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Listing and facet indexes are partial on is_active: every storefront query has that filter,
  // and a partial index lets counts and facets run as index-only scans (no heap visits).
  // Sort keys are ascending: a backward scan serves "DESC" (drizzle's .desc() would create
  // DESC NULLS LAST, which a plain ORDER BY … DESC cannot use).
  (t) => [
    index("product_groups_category_popularity_idx").on(t.categoryId, t.popularity).where(sql`${t.isActive}`),
    index("product_groups_category_price_idx").on(t.categoryId, t.minPrice).where(sql`${t.isActive}`),
    index("product_groups_root_popularity_idx").on(t.rootCategoryId, t.popularity).where(sql`${t.isActive}`),
    index("product_groups_root_price_idx").on(t.rootCategoryId, t.minPrice).where(sql`${t.isActive}`),
    // Covering index for category-scoped facets: brand counts, price range, quantity filter and
    // the id list to join attribute/colour/coating facets, all without touching the heap.
    index("product_groups_category_facets_idx")
      .on(t.categoryId, t.brandId, t.minPrice, t.totalStock, t.id)
      .where(sql`${t.isActive}`),
    index("product_groups_brand_popularity_idx").on(t.brandId, t.popularity).where(sql`${t.isActive}`),
    index("product_groups_created_idx").on(t.createdAt).where(sql`${t.isActive}`),
    // Whole-catalogue price order and price bounds (price sort of /bestoffers, /brands/…, search).
    index("product_groups_price_idx").on(t.minPrice).where(sql`${t.isActive}`),
    index("product_groups_best_offer_idx").on(t.popularity).where(sql`${t.isActive} AND ${t.isBestOffer}`),
    index("product_groups_new_idx").on(t.popularity).where(sql`${t.isActive} AND ${t.isNew}`),
    index("product_groups_recommended_idx").on(t.popularity).where(sql`${t.isActive} AND ${t.isRecommended}`),
    index("product_groups_search_idx").using("gin", t.search),
    // Typo-tolerant search (§3 search results) with pg_trgm similarity.
    index("product_groups_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
  ],
);

/**
 * Search vocabulary (api/search/vocabulary.ts, ADR 028): every distinct word of active groups'
 * titles and keywords (lower case, е for ё; articles left out) with its 'russian' lexeme and the
 * number of groups using it. The engine checks query words against it (is this a catalogue word, as
 * typed or as a prefix?) and corrects typos to its nearest word (trigram index, then Levenshtein).
 * Derived data: rebuilt by the seed and by refreshCatalogFacets.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    lexeme: text("lexeme").notNull(),
    groups: integer("groups").notNull().default(0),
  },
  (t) => [
    index("search_words_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
    // Prefix lookups (lexeme LIKE 'ручк%') whatever the database's collation.
    index("search_words_lexeme_idx").using("btree", t.lexeme.op("text_pattern_ops")),
  ],
);

/**
 * Facet bitmaps (api/catalog/facet-bitmaps.ts): for every scope (0 = the whole catalogue, else a
 * category with its subtree) and every facet code present in it (facet-codes.ts: colour, coating,
 * attribute value, brand, curated list, child category), one bit per active group of the scope in
 * id order. Facet counts and filtered totals are then bitwise ANDs and bit_count()s over a few
 * hundred short bit strings, whatever the number of groups. Derived data: rebuilt by the seed and
 * by refreshCatalogFacets; while a scope has none, the API counts rows instead.
 */
export const facetBitmaps = pgTable(
  "facet_bitmaps",
  {
    scopeId: integer("scope_id").notNull(),
    code: integer("code").notNull(),
    bits: varbit("bits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.code] })],
);

/** Variations: comparison and the cart are keyed by product (variation) id (§3). */
export const products = pgTable(
  "products",
  {
    id: id(),
    groupId: integer("group_id")
      .notNull()
      .references(() => productGroups.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    title: text("title").notNull(),
    colorId: integer("color_id").references(() => colors.id, { onDelete: "set null" }),
    size: text("size"),
    stock: integer("stock").notNull().default(0),
    /** Price for one item (the first tier). */
    price: money("price").notNull(),
    /** Grams; the cart shows the total weight (§3). */
    weight: integer("weight").notNull().default(0),
    image: text("image"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    // (group, colour) also makes colour facets of a group set index-only; variations of one
    // group are few, so ordering them by `sort` needs no index.
    index("products_group_color_idx").on(t.groupId, t.colorId),
    index("products_color_group_idx").on(t.colorId, t.groupId),
    // Search's size words ("футболка xl", ADR 044): the groups with a variation of a size, one
    // index-only range whatever the catalogue's size; only clothing has sizes.
    index("products_size_group_idx").on(t.size, t.groupId).where(sql`${t.size} IS NOT NULL`),
  ],
);

/** Quantity price tiers: the price applies from `minQty` items on. */
export const priceTiers = pgTable(
  "price_tiers",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    minQty: integer("min_qty").notNull(),
    price: money("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.minQty] })],
);

/** Filter attributes of §9: material, datebook format, delivery period, dated, pen type, sex, battery capacity. */
export const attributes = pgTable("attributes", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  sort: integer("sort").notNull().default(0),
  isFilter: boolean("is_filter").notNull().default(true),
});

/**
 * Dictionary of attribute values (slug + title per attribute): the facet code of a value is
 * derived from its id, and filter/all takes titles of selected values from here.
 */
export const attributeValues = pgTable(
  "attribute_values",
  {
    id: id(),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("attribute_values_attribute_slug_uq").on(t.attributeId, t.slug)],
);

export const productGroupAttributes = pgTable(
  "product_group_attributes",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => productGroups.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    valueSlug: text("value_slug").notNull(),
    valueTitle: text("value_title").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.attributeId, t.valueSlug] }),
    // Filtering (attribute = value) and facet counts per value.
    index("pga_attribute_value_group_idx").on(t.attributeId, t.valueSlug, t.groupId),
  ],
);

/** Print types / coatings (§7 print-types, coating/all, coating/recalculate). */
export const coatings = pgTable("coatings", {
  id: id(),
  title: text("title").notNull(),
  slug: text("slug").notNull().unique(),
  /** HTML content for /print/{id}. */
  description: text("description").notNull(),
  preview: text("preview"),
  image: text("image"),
  basePrice: money("base_price").notNull(),
  pricePerCm2: money("price_per_cm2").notNull(),
  minPrice: money("min_price").notNull(),
  maxWidth: integer("max_width"),
  maxHeight: integer("max_height"),
  sort: integer("sort").notNull().default(0),
});

/** E.g. number of colours 1/2/3/4; §5 requires a variant when a coating has any. */
export const coatingVariants = pgTable(
  "coating_variants",
  {
    id: id(),
    coatingId: integer("coating_id")
      .notNull()
      .references(() => coatings.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Multiplier applied to the coating price. */
    priceMultiplier: numeric("price_multiplier", { precision: 6, scale: 3, mode: "number" }).notNull().default(1),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("coating_variants_coating_idx").on(t.coatingId, t.sort)],
);

export const coatingOptions = pgTable(
  "coating_options",
  {
    id: id(),
    coatingId: integer("coating_id")
      .notNull()
      .references(() => coatings.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** "percent" adds value % to the coating price; "fixed" adds value rubles per order line. */
    modifierType: text("modifier_type").notNull(),
    modifierValue: money("modifier_value").notNull(),
    /** Shown but not selectable when false (e.g. no urgent embroidery). */
    isEnabled: boolean("is_enabled").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("coating_options_coating_idx").on(t.coatingId, t.sort)],
);

/** Which coatings a product group can take ("printing variants" filter, §9). */
export const productGroupCoatings = pgTable(
  "product_group_coatings",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => productGroups.id, { onDelete: "cascade" }),
    coatingId: integer("coating_id")
      .notNull()
      .references(() => coatings.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.coatingId] }),
    index("product_group_coatings_coating_idx").on(t.coatingId, t.groupId),
  ],
);

// ───────────────────────────── Accounts ─────────────────────────────

/** §6 roles: ROLE_USER, ROLE_MANAGER, ROLE_SALES_CHIEF, ROLE_ADMIN, ROLE_ADMIN_MANAGER. */
export const users = pgTable("users", {
  id: id(),
  email: text("email").unique(),
  phone: text("phone").unique(),
  passwordHash: text("password_hash"),
  name: text("name"),
  birthdate: date("birthdate"),
  avatar: text("avatar"),
  roles: text("roles").array().notNull().default(sql`ARRAY['ROLE_USER']::text[]`),
  phoneVerified: boolean("phone_verified").notNull().default(false),
  emailVerified: boolean("email_verified").notNull().default(false),
  activated: boolean("activated").notNull().default(false),
  /** The manager serving this client (orders, KP). */
  managerId: integer("manager_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Refresh tokens (§4 token refresh); only a hash is stored. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /**
     * One login's chain of rotated tokens: every refresh issues a new token in the same family and
     * marks the old one used. A used token presented again means it was stolen: the whole family
     * is revoked (issue 19).
     */
    familyId: text("family_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for the next one (rotation). */
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Set by logout, a password change or reuse detection; a revoked token never refreshes. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_user_idx").on(t.userId), index("refresh_tokens_family_idx").on(t.familyId)],
);

/** One-time codes and tokens: SMS login / phone confirmation codes, e-mail confirmation, password reset. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: id(),
    /** "sms_login" | "phone_confirm" | "email_confirm" | "password_reset" */
    purpose: text("purpose").notNull(),
    /** Phone or e-mail the code was sent to. */
    target: text("target").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_lookup_idx").on(t.purpose, t.target)],
);

export const shipmentAddresses = pgTable(
  "shipment_addresses",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The whole address as one line (orders and lists show it): built from the parts below. */
    address: text("address").notNull(),
    city: text("city").notNull().default(""),
    street: text("street").notNull().default(""),
    house: text("house").notNull().default(""),
    flat: text("flat"),
    postcode: text("postcode"),
    comment: text("comment"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("shipment_addresses_user_idx").on(t.userId)],
);

/**
 * Uploaded files (file/upload: cart layouts, the order's requisites). The bytes live in
 * `file_blobs` (PostgreSQL, so stateless instances share them; ADR 025); this row is what lists
 * and orders read.
 */
export const files = pgTable(
  "files",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    originalName: text("original_name").notNull(),
    /** Sniffed from the bytes (PNG, JPEG, WebP, PDF), never the client's claim. */
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    /**
     * Random, unguessable key (24 random bytes, base64url): the file is served at
     * /api/file/{storageKey}, so ids cannot be walked to read others' uploads.
     */
    storageKey: text("storage_key").notNull().unique(),
    /**
     * The order the file is attached to (ADR 025): set once, when the order is stored; a file with
     * an order cannot be attached to another. Files still without one after a day are deleted.
     * No foreign key: orders already reference files (legal_file_id), and orders are not deleted.
     */
    orderId: integer("order_id"),
    createdAt: createdAt(),
  },
  (t) => [index("files_user_idx").on(t.userId), index("files_unattached_idx").on(t.createdAt).where(sql`${t.orderId} IS NULL`)],
);

/** The bytes of an upload and, for images, a small WebP preview; one row per file. */
export const fileBlobs = pgTable("file_blobs", {
  fileId: integer("file_id")
    .primaryKey()
    .references(() => files.id, { onDelete: "cascade" }),
  data: bytea("data").notNull(),
  thumbnail: bytea("thumbnail"),
});

/** Legal company (§3). userId null + isOwn = the shop's own companies (/profile/legal/our). */
export const legalCompanies = pgTable(
  "legal_companies",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    isOwn: boolean("is_own").notNull().default(false),
    image: text("image"),
    shortTitle: text("short_title").notNull(),
    inn: text("inn").notNull(),
    ogrn: text("ogrn"),
    kpp: text("kpp"),
    bik: text("bik"),
    bankTitle: text("bank_title"),
    checkingAccount: text("checking_account"),
    correspondentAccount: text("correspondent_account"),
    signerFullName: text("signer_full_name"),
    signerPosition: text("signer_position"),
    address: text("address"),
    createdAt: createdAt(),
  },
  (t) => [index("legal_companies_user_idx").on(t.userId)],
);

/** Favourites are keyed by product group (§3); limit 300 is enforced by the service (§5). */
export const favorites = pgTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => productGroups.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/** Comparison is keyed by product (variation) id (§3); limit 150 (§5). */
export const comparisons = pgTable(
  "comparisons",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const searchHistory = pgTable(
  "search_history",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    createdAt: createdAt(),
  },
  // One row per query and user: searching again moves it to the top (created_at updated).
  (t) => [index("search_history_user_idx").on(t.userId, t.createdAt), uniqueIndex("search_history_user_query_uq").on(t.userId, t.query)],
);

/**
 * Comments on blog posts (§7 comment/list/{id}, {id} = post id; ADR 030). The author's name is
 * kept with the comment: comments carried over from before accounts have no user, and a name
 * shown under a comment should not change when a profile does.
 */
export const comments = pgTable(
  "comments",
  {
    id: id(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("comments_post_idx").on(t.postId, t.createdAt)],
);

/** The products a promotion applies to, in the content manager's order. */
export const postProducts = pgTable(
  "post_products",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => productGroups.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.groupId] }), index("post_products_group_idx").on(t.groupId)],
);

/**
 * Newsletter subscriptions (contract/subscription.ts): one row per lower-cased address. Only the
 * SHA-256 of the letter's confirmation token is kept, so a copy of the table cannot confirm anyone.
 */
export const subscriptions = pgTable("subscriptions", {
  id: id(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
  /** Hex SHA-256 of the confirmation token sent in the letter. */
  tokenHash: text("token_hash").unique(),
  /** When the confirmation letter was last sent (a repeated request within the hour sends none). */
  letterSentAt: timestamp("letter_sent_at", { withTimezone: true }),
  /** Null until the link in the letter is followed. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
});

// ───────────────────────────── Cart and orders ─────────────────────────────

/** Server cart of an authenticated user (§3: variations, order comment, attached images). */
export const carts = pgTable("carts", {
  id: id(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  comment: text("comment").notNull().default(""),
  imageIds: integer("image_ids").array().notNull().default(sql`'{}'::integer[]`),
  updatedAt: updatedAt(),
});

/** Cart line: a variation with count, comment and its coating lines (§3 Coating). */
export const cartItems = pgTable(
  "cart_items",
  {
    id: id(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    count: integer("count").notNull(),
    comment: text("comment"),
    /** [{ coatingId, width, height, variantId, optionIds }] — validated by the contract. */
    coatings: jsonb("coatings").notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex("cart_items_cart_product_uq").on(t.cartId, t.productId)],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    cityId: integer("city_id").references(() => cities.id, { onDelete: "set null" }),
    status: text("status").notNull().default("new"),
    representativeName: text("representative_name").notNull(),
    representativeEmail: text("representative_email").notNull(),
    representativePhone: text("representative_phone").notNull(),
    /** §9: default pickup_point. */
    deliveryType: text("delivery_type").notNull().default("pickup_point"),
    shipmentAddress: text("shipment_address"),
    /** pickup_point: the office the customer collects the order from (the city's own unless chosen). */
    pickupOfficeId: integer("pickup_office_id").references(() => offices.id, { onDelete: "set null" }),
    deliveryTime: text("delivery_time"),
    managerId: integer("manager_id").references(() => users.id, { onDelete: "set null" }),
    legalCompanyId: integer("legal_company_id").references(() => legalCompanies.id, { onDelete: "set null" }),
    legalFileId: integer("legal_file_id").references(() => files.id, { onDelete: "set null" }),
    comment: text("comment"),
    imageIds: integer("image_ids").array().notNull().default(sql`'{}'::integer[]`),
    itemsPrice: money("items_price").notNull(),
    printPrice: money("print_price").notNull(),
    totalPrice: money("total_price").notNull(),
    totalCount: integer("total_count").notNull().default(0),
    /** Grams. */
    weight: integer("weight").notNull().default(0),
    /**
     * The client's Idempotency-Key header (ADR 025): a retry or a double submit with the same key
     * answers the order it created, never a second one (the unique index decides between
     * concurrent requests). `requestHash` is the SHA-256 of the validated request, so the same key
     * with another body is refused.
     */
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    // A new order goes to the manager with the fewest new orders (api/order/service.ts).
    index("orders_manager_status_idx").on(t.managerId, t.status),
    uniqueIndex("orders_idempotency_key_uq").on(t.idempotencyKey),
  ],
);

/** Order lines keep a snapshot of title/sku/price so later catalogue edits don't rewrite history. */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    groupId: integer("group_id").references(() => productGroups.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    image: text("image"),
    count: integer("count").notNull(),
    /** Unit price (the tier reached by count). */
    price: money("price").notNull(),
    printPrice: money("print_price").notNull().default(0),
    /** Priced coating lines as the cart showed them (contract PricedCoatingLine without problems). */
    coatings: jsonb("coatings").notNull().default(sql`'[]'::jsonb`),
    comment: text("comment"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

// ───────────────────────────── Commercial offers (KP) ─────────────────────────────

/** §9: delay options start with "Без отсрочки". */
export const commercialOfferDelays = pgTable("commercial_offer_delays", {
  id: id(),
  title: text("title").notNull(),
  days: integer("days").notNull().default(0),
  /** ADR 051: the delay's surcharge on goods and print, percent (0 for «Без отсрочки»). */
  surchargePercent: numeric("surcharge_percent", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
  sort: integer("sort").notNull().default(0),
});

/** ADR 051: offer numbers "2026-000124", one sequence per Moscow calendar year. */
export const kpNumberCounters = pgTable("kp_number_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

/** KP clients, their representatives and purposes (§3 commercial offer). */
export const kpClients = pgTable(
  "kp_clients",
  {
    id: id(),
    managerId: integer("manager_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    inn: text("inn"),
    createdAt: createdAt(),
  },
  (t) => [index("kp_clients_manager_idx").on(t.managerId)],
);

export const kpRepresentatives = pgTable(
  "kp_representatives",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => kpClients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
  },
  (t) => [index("kp_representatives_client_idx").on(t.clientId)],
);

export const kpPurposes = pgTable(
  "kp_purposes",
  {
    id: id(),
    clientId: integer("client_id").references(() => kpClients.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
  },
  (t) => [index("kp_purposes_client_idx").on(t.clientId)],
);

export const commercialOffers = pgTable(
  "commercial_offers",
  {
    id: id(),
    /** Public link id for /api/kp/public/{id}. */
    publicId: text("public_id").notNull().unique(),
    managerId: integer("manager_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    clientId: integer("client_id").references(() => kpClients.id, { onDelete: "set null" }),
    representativeId: integer("representative_id").references(() => kpRepresentatives.id, { onDelete: "set null" }),
    purposeId: integer("purpose_id").references(() => kpPurposes.id, { onDelete: "set null" }),
    delayId: integer("delay_id").references(() => commercialOfferDelays.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    comment: text("comment"),
    totalPrice: money("total_price").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    isHidden: boolean("is_hidden").notNull().default(false),
    isFavorite: boolean("is_favorite").notNull().default(false),
    // ADR 051 ─ the number ("2026-000124", set on create), optimistic concurrency, validity, seller, VAT.
    number: text("number").unique(),
    version: integer("version").notNull().default(1),
    /** Valid until 23:59:59 Moscow time of the chosen day (set on create). */
    validUntil: timestamp("valid_until", { withTimezone: true }),
    sellerCompanyId: integer("seller_company_id").references(() => legalCompanies.id, { onDelete: "set null" }),
    /** 22, 10, 0; null = «без НДС». */
    vatRate: integer("vat_rate").default(22),
    vatIncluded: boolean("vat_included").notNull().default(true),
    /** The sent version the client accepted (commercial_offer_versions.number). */
    acceptedVersion: integer("accepted_version"),
    publicFirstOpenedAt: timestamp("public_first_opened_at", { withTimezone: true }),
    publicLastOpenedAt: timestamp("public_last_opened_at", { withTimezone: true }),
    publicOpenCount: integer("public_open_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("commercial_offers_manager_created_idx").on(t.managerId, t.createdAt),
    index("commercial_offers_client_idx").on(t.clientId),
    index("commercial_offers_representative_idx").on(t.representativeId),
  ],
);

/**
 * ADR 051: sent versions (v1, v2…), each a frozen copy of what the document shows, made by a send
 * or an export; the public page shows the latest. Never changed, except for the acceptance.
 */
export const commercialOfferVersions = pgTable(
  "commercial_offer_versions",
  {
    id: id(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => commercialOffers.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** The document data (api/kp/document-data.ts KpDocumentData). */
    document: jsonb("document").notNull(),
    /** Hash of the draft it froze: an unchanged draft reuses the latest version. */
    contentHash: text("content_hash").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedName: text("accepted_name"),
    acceptedEmail: text("accepted_email"),
    acceptedPhone: text("accepted_phone"),
  },
  (t) => [uniqueIndex("commercial_offer_versions_offer_number_idx").on(t.offerId, t.number)],
);

export const commercialOfferItems = pgTable(
  "commercial_offer_items",
  {
    id: id(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => commercialOffers.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    count: integer("count").notNull(),
    price: money("price").notNull(),
    printPrice: money("print_price").notNull().default(0),
    coatings: jsonb("coatings").notNull().default(sql`'[]'::jsonb`),
    comment: text("comment"),
    sort: integer("sort").notNull().default(0),
    // ADR 051 ─ the list (tier) price at the last save, the manager's price or discount/markup, snapshots.
    listPrice: money("list_price").notNull().default(0),
    manualPrice: money("manual_price"),
    discountPercent: numeric("discount_percent", { precision: 7, scale: 2, mode: "number" }),
    variation: text("variation"),
    image: text("image"),
  },
  (t) => [index("commercial_offer_items_offer_idx").on(t.offerId, t.sort)],
);
