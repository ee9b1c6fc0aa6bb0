/**
 * Deterministic Russian demo seed (truncate + refill). Same `groups` → byte-identical data:
 * every random choice comes from a seeded PRNG and every id is assigned explicitly.
 *
 * Speed: rows go in as one JSON parameter per batch (`json_populate_recordset`), so 100k groups
 * with ~400k variations load in well under the 2-minute budget on PGlite, and price tiers are
 * derived in SQL from the variations.
 */
import { getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Db } from "./client";
import * as schema from "./schema";
import {
  ATTRIBUTES,
  ATTRIBUTE_VALUES,
  BRANDS,
  CATEGORY_TREE,
  COATINGS,
  COATING_OPTIONS,
  COLORS,
  MODEL_NAMES,
  type AttributeSlug,
  type LeafCategory,
  type TopCategory,
} from "./seed/catalog-data";
import {
  BANNERS,
  CITIES,
  CONTACTS,
  LEGAL_NAME,
  MANAGERS,
  MINIMAL_ORDER_PRICE,
  OFFER_DELAYS,
  KP_CONDITIONS,
  OFFICES,
  REQUISITES,
  SHOP_NAME,
  SLIDES,
  STATIC_PAGES,
  orderInfoSections,
} from "./seed/content-data";
import { CITY_TOKENS } from "../../contract/city-tokens";
import { rngFor, slugify, type Rng } from "./seed/random";
import { mediaUrl, postCoverUrl } from "../media/urls";
import { BLOG, NEWS, PROMOTIONS, type PostSeed } from "./seed/posts-data";
import { facetCodes } from "../catalog/facet-codes";
import { rebuildFacetBitmaps } from "../catalog/facet-bitmaps";
import { refreshSearchWords } from "../search/vocabulary";

export const DEFAULT_SEED_GROUPS = 2000;

export interface SeedOptions {
  /** Number of product groups; default 2000. */
  groups?: number;
  log?: (message: string) => void;
}

export interface SeedSummary {
  groups: number;
  products: number;
  categories: number;
  brands: number;
  ms: number;
}

type Tx = Pick<Db, "execute">;

/** Rows per INSERT: one JSON parameter each, small enough to keep memory flat at 100k groups. */
const BATCH = 4000;
/** Groups generated and written per chunk. */
const GROUP_CHUNK = 5000;

const allTables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));

/**
 * Multi-row insert through one JSON parameter. Only the keys of the first row are written,
 * so defaults of the other columns apply (json_populate_recordset alone would write NULLs).
 */
async function bulkInsert<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]);
  const names = keys.map((key) => columns[key].name);
  const columnList = sql.raw(names.map((n) => `"${n}"`).join(", "));
  const tableName = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH).map((row) => {
      const out: Record<string, unknown> = {};
      const source = row as Record<string, unknown>;
      for (let k = 0; k < keys.length; k++) out[names[k]] = source[keys[k]];
      return out;
    });
    await tx.execute(
      sql`INSERT INTO ${tableName} (${columnList}) SELECT ${columnList} FROM json_populate_recordset(NULL::${tableName}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

/** Explicit ids were written, so move every identity sequence past them. */
async function resetSequences(tx: Tx): Promise<void> {
  for (const table of allTables) {
    if (!("id" in getTableColumns(table))) continue;
    const name = getTableName(table);
    await tx.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), COALESCE((SELECT max(id) FROM "${name}"), 0) + 1, false)`),
    );
  }
}

/** Tables written in bulk by the catalogue part of the seed. */
const CATALOGUE_TABLES = [
  schema.productGroups,
  schema.products,
  schema.priceTiers,
  schema.productGroupAttributes,
  schema.productGroupCoatings,
].map((t) => getTableName(t));

/**
 * Building an index once over loaded rows is several times faster than maintaining it row by
 * row (the GIN full-text and trigram indexes above all), and FK triggers dominate the rest. So
 * while the catalogue loads: secondary indexes (those not backing a constraint) are dropped and
 * recreated from their saved definitions, and, when the role may, FK triggers are skipped
 * (session_replication_role = replica). All inside the seed transaction: a failure rolls it back.
 */
async function suspendBulkOverhead(tx: Tx): Promise<{ restore(): Promise<void> }> {
  const tables = sql.join(CATALOGUE_TABLES.map((t) => sql`${t}`), sql`, `);
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    tx,
    sql`SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename IN (${tables})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(indexname)}`);
  const [{ superuser }] = await queryRows<{ superuser: string }>(tx, sql`SELECT current_setting('is_superuser') AS superuser`);
  const skipTriggers = superuser === "on";
  // Our own ids are consistent by construction; the FKs are still enforced for every later write.
  if (skipTriggers) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  return {
    async restore() {
      if (skipTriggers) await tx.execute(sql`SET LOCAL session_replication_role = DEFAULT`);
      for (const { indexdef } of indexes) await tx.execute(sql.raw(indexdef));
    },
  };
}

export async function truncateAll(tx: Tx): Promise<void> {
  const names = allTables.map((t) => `"${getTableName(t)}"`).join(", ");
  await tx.execute(sql.raw(`TRUNCATE TABLE ${names} RESTART IDENTITY CASCADE`));
}

/** The app treats a database without cities as not seeded yet. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.cities.id }).from(schema.cities).limit(1);
  return rows.length > 0;
}

/** Seeds on first start; the advisory lock stops two processes on one PostgreSQL from both seeding. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<SeedSummary | null> {
  if (await isSeeded(db)) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    if (await isSeeded(tx as unknown as Db)) return null;
    return fill(tx, options);
  });
}

/**
 * Run after a seed, outside its transaction: fresh statistics for the planner and a set
 * visibility map, so counts and facets are index-only scans from the first request.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}

/** Truncates every table and refills it (npm run seed). */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    await truncateAll(tx);
    return fill(tx, options);
  });
}

// ───────────────────────────── generation ─────────────────────────────

interface Leaf extends LeafCategory {
  id: number;
  rootId: number;
  top: TopCategory;
}

const EPOCH = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
/** The demo "today": new products are dated shortly before it. Fixed for determinism. */
const CATALOGUE_DATE = Date.UTC(2025, 11, 1);

function roundPrice(value: number): number {
  if (value < 100) return Math.round(value * 2) / 2;
  if (value < 1000) return Math.round(value);
  return Math.round(value / 10) * 10;
}

const deliveryWeights: [string, number][] = [
  ["1-3-dnya", 0.4],
  ["4-7-dney", 0.3],
  ["8-14-dney", 0.2],
  ["pod-zakaz", 0.1],
];

function weighted<T>(rng: Rng, items: readonly [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

/** Delivery line of category descriptions, shown on every regional site (contract/city-tokens.ts). */
const CITY_DELIVERY = `Нанесение от 1 дня: заказ можно забрать в шоу-руме или получить с доставкой по ${CITY_TOKENS.cityDative}.`;

const INTROS = [
  "практичный сувенир, который будут использовать каждый день",
  "удачный выбор для промо-акций и выставок",
  "стильный подарок для сотрудников, клиентов и партнёров",
  "надёжная модель с хорошим полем для нанесения логотипа",
  "популярная позиция для корпоративных наборов",
];
const OUTROS = [
  "Поможем подобрать тираж и подготовим макет бесплатно.",
  "Образцы можно посмотреть в наших шоу-румах в Москве и Санкт-Петербурге.",
  "Отгрузка со склада в день оплаты для товаров без нанесения.",
  "Для тиражей от 500 штук действуют специальные цены.",
];

async function fill(tx: Tx, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const groupCount = Math.max(0, Math.floor(options.groups ?? DEFAULT_SEED_GROUPS));
  const log = options.log ?? (() => {});

  // Content -----------------------------------------------------------------
  await bulkInsert(tx, schema.offices, [...OFFICES]);
  await bulkInsert(tx, schema.cities, CITIES.map((c, i) => ({ ...c, sort: i })));
  await bulkInsert(tx, schema.contacts, CONTACTS.map((c, i) => ({ id: i + 1, ...c, sort: i })));
  await bulkInsert(tx, schema.settings, [
    { key: "minimalOrderPrice", value: String(MINIMAL_ORDER_PRICE) },
    { key: "kpConditions", value: KP_CONDITIONS },
  ]);
  await bulkInsert(
    tx,
    schema.users,
    MANAGERS.map((m, i) => ({
      id: i + 1,
      ...m,
      roles: ["ROLE_MANAGER"],
      emailVerified: true,
      phoneVerified: true,
      activated: true,
      createdAt: new Date(CATALOGUE_DATE),
      updatedAt: new Date(CATALOGUE_DATE),
    })),
  );
  await bulkInsert(
    tx,
    schema.staticPages,
    STATIC_PAGES.map((p, i) => ({
      id: i + 1,
      slug: p.slug,
      title: p.title,
      content: p.content,
      seoTitle: `${p.title} | ${SHOP_NAME}`,
      seoDescription: p.seoDescription,
      updatedAt: new Date(CATALOGUE_DATE),
    })),
  );
  await bulkInsert(
    tx,
    schema.slides,
    SLIDES.map((s, i) => ({
      id: i + 1,
      slider: "main",
      ...s,
      image: mediaUrl("slide", i + 1),
      imageMobile: mediaUrl("slide-mobile", i + 1),
      sort: i,
    })),
  );
  await bulkInsert(
    tx,
    schema.banners,
    BANNERS.map((b, i) => ({ id: i + 1, ...b, image: mediaUrl("banner", i + 1, undefined, b), sort: i })),
  );
  await bulkInsert(tx, schema.commercialOfferDelays, OFFER_DELAYS.map((d, i) => ({ id: i + 1, ...d, sort: i })));
  const postRows = buildPosts();
  await bulkInsert(tx, schema.posts, postRows.map((r) => r.row));
  await bulkInsert(tx, schema.comments, buildComments(postRows));
  await bulkInsert(tx, schema.legalCompanies, [
    {
      id: 1,
      isOwn: true,
      shortTitle: LEGAL_NAME,
      inn: REQUISITES.inn,
      kpp: REQUISITES.kpp,
      ogrn: REQUISITES.ogrn,
      bik: REQUISITES.bik,
      bankTitle: REQUISITES.bankTitle,
      checkingAccount: REQUISITES.checkingAccount,
      correspondentAccount: REQUISITES.correspondentAccount,
      signerFullName: REQUISITES.signerFullName,
      signerPosition: REQUISITES.signerPosition,
      address: REQUISITES.legalAddress,
    },
  ]);

  // Dictionaries --------------------------------------------------------------
  await bulkInsert(tx, schema.colors, COLORS.map((c, i) => ({ id: i + 1, ...c, sort: i })));
  await bulkInsert(
    tx,
    schema.brands,
    BRANDS.map((title, i) => ({
      id: i + 1,
      title,
      slug: slugify(title),
      letter: title[0].toUpperCase(),
      image: mediaUrl("brand", i + 1),
      description: `<p>${title} — бренд сувенирной продукции, представленный в каталоге «${SHOP_NAME}».</p>`,
    })),
  );
  const attributeIds = new Map<AttributeSlug, number>(ATTRIBUTES.map((a, i) => [a.slug, i + 1]));
  await bulkInsert(tx, schema.attributes, ATTRIBUTES.map((a, i) => ({ id: i + 1, ...a, sort: i })));
  // Attribute value dictionary in dictionary order: its ids make the groups' facet codes.
  const attributeValueIds = new Map<string, number>();
  const attributeValueRows = ATTRIBUTES.flatMap((a) =>
    Object.entries(ATTRIBUTE_VALUES[a.slug]).map(([slug, title], sort) => {
      const id = attributeValueIds.size + 1;
      attributeValueIds.set(`${a.slug}:${slug}`, id);
      return { id, attributeId: attributeIds.get(a.slug)!, slug, title, sort };
    }),
  );
  await bulkInsert(tx, schema.attributeValues, attributeValueRows);

  const coatingIds = new Map<string, number>(COATINGS.map((c, i) => [c.slug, i + 1]));
  await bulkInsert(
    tx,
    schema.coatings,
    COATINGS.map((c, i) => ({
      id: i + 1,
      title: c.title,
      slug: c.slug,
      preview: c.lead,
      description: coatingHtml(c),
      image: mediaUrl("coating", i + 1),
      basePrice: c.basePrice,
      pricePerCm2: c.pricePerCm2,
      minPrice: c.minPrice,
      maxWidth: c.maxWidth,
      maxHeight: c.maxHeight,
      sort: i,
    })),
  );
  let variantId = 0;
  await bulkInsert(
    tx,
    schema.coatingVariants,
    COATINGS.flatMap((c, i) =>
      c.variants.map(([title, multiplier], sort) => ({ id: ++variantId, coatingId: i + 1, title, priceMultiplier: multiplier, sort })),
    ),
  );
  let optionId = 0;
  await bulkInsert(
    tx,
    schema.coatingOptions,
    COATINGS.flatMap((c, i) =>
      COATING_OPTIONS.filter((o) => !o.only || o.only.includes(c.slug)).map((o, sort) => ({
        id: ++optionId,
        coatingId: i + 1,
        title: o.title,
        modifierType: o.modifierType,
        modifierValue: o.modifierValue,
        isEnabled: !o.disabledFor?.includes(c.slug),
        isDefault: false,
        sort,
      })),
    ),
  );

  // Category tree: top level first, ids in tree order. -------------------------
  const leaves: Leaf[] = [];
  const categoryRows: (typeof schema.categories.$inferInsert)[] = [];
  let categoryId = 0;
  CATEGORY_TREE.forEach((top, topIndex) => {
    const topId = ++categoryId;
    const firstShape = top.children[0].shape;
    categoryRows.push({
      id: topId,
      parentId: null,
      title: top.title,
      slug: top.slug,
      path: `/${topId}/`,
      depth: 0,
      sort: topIndex,
      showInFooter: top.footer,
      image: mediaUrl(firstShape, topId, COLORS[(topIndex * 5) % COLORS.length].hex),
      description: `<p>${top.description}</p><p>${CITY_DELIVERY}</p>`,
    });
    top.children.forEach((leaf, leafIndex) => {
      const id = ++categoryId;
      leaves.push({ ...leaf, id, rootId: topId, top });
      categoryRows.push({
        id,
        parentId: topId,
        title: leaf.title,
        slug: leaf.slug,
        path: `/${topId}/${id}/`,
        depth: 1,
        sort: leafIndex,
        // A couple of popular leaves also go to the footer menu.
        showInFooter: leaf.slug === "kruzhki" || leaf.slug === "power-bank",
        image: mediaUrl(leaf.shape, id, COLORS[(id * 7) % COLORS.length].hex),
        description: `<p>${leaf.title} с нанесением логотипа: ${leaf.nouns[0].toLowerCase()} в ${leaf.variants.length} исполнениях, печать от одного экземпляра.</p><p>${CITY_DELIVERY}</p>`,
      });
    });
  });
  await bulkInsert(tx, schema.categories, categoryRows);
  log(`content and dictionaries: ${Math.round(performance.now() - started)} ms`);

  // Product groups and variations, chunk by chunk. ------------------------------
  const catalogue = await suspendBulkOverhead(tx);
  const leafShares: [Leaf, number][] = leaves.map((leaf) => [leaf, leaf.share]);
  const featured: number[] = [];
  let productId = 0;
  let productCount = 0;
  for (let from = 1; from <= groupCount; from += GROUP_CHUNK) {
    const to = Math.min(groupCount, from + GROUP_CHUNK - 1);
    const groupRows: (typeof schema.productGroups.$inferInsert)[] = [];
    const productRows: (typeof schema.products.$inferInsert)[] = [];
    const attributeRows: (typeof schema.productGroupAttributes.$inferInsert)[] = [];
    const coatingRows: (typeof schema.productGroupCoatings.$inferInsert)[] = [];

    for (let id = from; id <= to; id++) {
      const rng = rngFor(1, id);
      const leaf = weighted(rng, leafShares);
      const noun = rng.pick(leaf.nouns);
      const model = rng.pick(MODEL_NAMES);
      const variant = rng.pick(leaf.variants);
      const title = `${noun} «${model}» ${variant.suffix}`;
      const brandIndex = rng.int(0, BRANDS.length - 1);
      const brand = BRANDS[brandIndex];

      // §9 filter attributes relevant to the category.
      const values: [AttributeSlug, string][] = [
        ["material", variant.material ?? rng.pick(leaf.materials)],
        ["delivery-period", weighted(rng, deliveryWeights)],
      ];
      for (const [slug, options] of Object.entries(leaf.attrs ?? {}) as [AttributeSlug, readonly string[]][]) {
        values.push([slug, variant.attrs?.[slug] ?? rng.pick(options)]);
      }
      for (const [slug, value] of values) {
        attributeRows.push({
          groupId: id,
          attributeId: attributeIds.get(slug)!,
          valueSlug: value,
          valueTitle: ATTRIBUTE_VALUES[slug][value],
        });
      }

      // Variations: one per colour, times sizes for textile.
      const colorIndexes = rng.sample(
        COLORS.map((_, i) => i),
        leaf.sizes ? rng.int(1, 3) : rng.int(1, 5),
      );
      const sizes = leaf.sizes
        ? leaf.sizes.slice(rng.int(0, 1), leaf.sizes.length - rng.int(0, 2))
        : [null];
      const basePrice = leaf.price[0] * Math.pow(leaf.price[1] / leaf.price[0], rng.next());
      const skus: string[] = [];
      let minPrice = Infinity;
      let maxPrice = 0;
      let totalStock = 0;
      let firstImage: string | null = null;
      let sort = 0;
      for (const ci of colorIndexes) {
        const color = COLORS[ci];
        const image = mediaUrl(leaf.shape, id, color.hex);
        firstImage ??= image;
        for (const size of sizes) {
          const price = roundPrice(basePrice * (size === "XXL" || size === "3XL" ? 1.08 : 1) * (ci % 4 === 0 ? 1.04 : 1));
          const stock = rng.chance(0.1) ? 0 : rng.int(10, 5000);
          const sku = `${leaf.skuPrefix}-${String(id).padStart(6, "0")}-${String(sort + 1).padStart(2, "0")}`;
          skus.push(sku);
          minPrice = Math.min(minPrice, price);
          maxPrice = Math.max(maxPrice, price);
          totalStock += stock;
          productRows.push({
            id: ++productId,
            groupId: id,
            sku,
            title: `${title}, ${color.title.toLowerCase()}${size ? `, ${size}` : ""}`,
            colorId: ci + 1,
            size,
            stock,
            price,
            weight: rng.int(leaf.weight[0], leaf.weight[1]),
            image,
            sort: sort++,
          });
        }
      }

      const groupCoatings = rng.sample(leaf.coatings, rng.int(1, Math.min(3, leaf.coatings.length)));
      for (const slug of groupCoatings) coatingRows.push({ groupId: id, coatingId: coatingIds.get(slug)! });

      const isNew = rng.chance(0.1);
      const isBestOffer = rng.chance(0.08);
      const ageDays = isNew ? rng.int(0, 45) : rng.int(46, Math.floor((CATALOGUE_DATE - EPOCH) / DAY));
      const createdAt = new Date(CATALOGUE_DATE - ageDays * DAY - rng.int(0, 86_399) * 1000);
      if (isBestOffer && featured.length < 4) featured.push(id);

      const material = ATTRIBUTE_VALUES.material[values[0][1]];
      const extra = values
        .slice(2)
        .map(([slug, value]) => `<li>${ATTRIBUTES.find((a) => a.slug === slug)!.title}: ${ATTRIBUTE_VALUES[slug][value]}</li>`)
        .join("");
      const description =
        `<p>${title} от ${brand} — ${rng.pick(INTROS)}.</p>` +
        `<ul><li>Материал: ${material.toLowerCase()}</li><li>Цветов в наличии: ${colorIndexes.length}</li>${extra}</ul>` +
        `<p>Нанесение: ${groupCoatings.map((s) => COATINGS[coatingIds.get(s)! - 1].title.toLowerCase()).join(", ")}. ${rng.pick(OUTROS)}</p>`;

      groupRows.push({
        id,
        title,
        slug: `${slugify(`${noun} ${model} ${variant.suffix}`)}-${id}`,
        description,
        categoryId: leaf.id,
        rootCategoryId: leaf.rootId,
        brandId: brandIndex + 1,
        image: firstImage,
        isBestOffer,
        isNew,
        isRecommended: rng.chance(0.06),
        isActive: true,
        minPrice,
        maxPrice,
        totalStock,
        popularity: rng.int(0, 10_000),
        facetCodes: facetCodes(
          colorIndexes.map((ci) => ci + 1),
          groupCoatings.map((slug) => coatingIds.get(slug)!),
          values.map(([slug, value]) => attributeValueIds.get(`${slug}:${value}`)!),
        ),
        keywords: `${brand} ${leaf.title} ${leaf.top.title} ${skus.join(" ")}`,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await bulkInsert(tx, schema.productGroups, groupRows);
    await bulkInsert(tx, schema.products, productRows);
    await bulkInsert(tx, schema.productGroupAttributes, attributeRows);
    await bulkInsert(tx, schema.productGroupCoatings, coatingRows);
    productCount += productRows.length;
    if (groupCount > GROUP_CHUNK) log(`groups ${to}/${groupCount}: ${Math.round(performance.now() - started)} ms`);
  }

  // Quantity tiers (1+, 50+, 100+, 500+) derived from the unit price, a bit deeper for some groups.
  await tx.execute(sql`
    INSERT INTO price_tiers (product_id, min_qty, price)
    SELECT p.id, t.min_qty, round(p.price * (t.factor - CASE WHEN t.min_qty > 1 THEN (p.group_id % 4) * 0.01 ELSE 0 END), 2)
    FROM products p
    CROSS JOIN (VALUES (1, 1.0), (50, 0.95), (100, 0.9), (500, 0.82)) AS t(min_qty, factor)`);
  await catalogue.restore();
  log(`catalogue indexes rebuilt: ${Math.round(performance.now() - started)} ms`);
  await rebuildFacetBitmaps(tx);
  log(`facet bitmaps built: ${Math.round(performance.now() - started)} ms`);
  await refreshSearchWords(tx);
  log(`search vocabulary built: ${Math.round(performance.now() - started)} ms`);

  // Content that refers to the catalogue.
  for (let id = 1; featured.length < Math.min(4, groupCount); id++) if (!featured.includes(id)) featured.push(id);
  await bulkInsert(
    tx,
    schema.orderInfoBlocks,
    Object.entries(orderInfoSections(featured)).map(([section, blocks]) => ({ section, content: JSON.stringify(blocks) })),
  );
  await bulkInsert(tx, schema.seo, buildSeo(categoryRows));
  await linkPromotionProducts(tx, postRows);

  await resetSequences(tx);
  const ms = Math.round(performance.now() - started);
  log(`seeded ${groupCount} groups, ${productCount} variations in ${ms} ms`);
  return { groups: groupCount, products: productCount, categories: categoryRows.length, brands: BRANDS.length, ms };
}

function coatingHtml(c: (typeof COATINGS)[number]): string {
  const variants = c.variants.length
    ? `<h3>Варианты</h3><ul>${c.variants.map(([title]) => `<li>${title}</li>`).join("")}</ul>`
    : "";
  return (
    `<p>${c.lead}</p>` +
    `<h3>Преимущества</h3><ul>${c.pros.map((p) => `<li>${p}</li>`).join("")}</ul>` +
    variants +
    `<h3>Стоимость</h3><p>${c.basePrice} ₽ за изделие плюс ${String(c.pricePerCm2).replace(".", ",")} ₽ за каждый см² изображения. ` +
    `Минимальная стоимость нанесения на тираж — ${c.minPrice.toLocaleString("ru-RU")} ₽. Максимальное поле — ${c.maxWidth}×${c.maxHeight} мм.</p>`
  );
}

type PostKindName = "news" | "blog" | "promotion";
interface SeededPost {
  row: typeof schema.posts.$inferInsert;
  seed: PostSeed;
}

/** 10:00 Moscow time on the post's day; comments come later the same way. */
const postTime = (day: string, plusDays = 0, minutes = 0) => new Date(Date.parse(`${day}T07:00:00Z`) + plusDays * DAY + minutes * 60_000);

/** News, blog posts and promotions (api/db/seed/posts-data.ts), ids in that order. */
function buildPosts(): SeededPost[] {
  const kinds: [PostKindName, readonly PostSeed[]][] = [
    ["news", NEWS],
    ["blog", BLOG],
    ["promotion", PROMOTIONS],
  ];
  const out: SeededPost[] = [];
  let id = 0;
  for (const [kind, seeds] of kinds) {
    for (const seed of seeds) {
      id++;
      const published = postTime(seed.date);
      out.push({
        seed,
        row: {
          id,
          kind,
          title: seed.title,
          slug: slugify(seed.title),
          preview: seed.lead,
          content: seed.body,
          image: postCoverUrl(id, seed.cover),
          publishedAt: published,
          activeFrom: seed.period?.[0] ?? null,
          activeTo: seed.period?.[1] ?? null,
          isPublished: true,
          seoTitle: null,
          seoDescription: seed.lead,
          updatedAt: published,
        },
      });
    }
  }
  return out;
}

/** Readers' comments on blog posts, each some hours after the one before on its day. */
function buildComments(posts: SeededPost[]): (typeof schema.comments.$inferInsert)[] {
  const rows: (typeof schema.comments.$inferInsert)[] = [];
  for (const { row, seed } of posts) {
    (seed.comments ?? []).forEach(([authorName, text, days], i) => {
      const at = postTime(seed.date, days, 95 + i * 137);
      rows.push({ id: rows.length + 1, postId: row.id!, userId: null, authorName, text, createdAt: at, updatedAt: at });
    });
  }
  return rows;
}

/**
 * A promotion's products: the most popular active groups of its categories, up to 8 (a small
 * seed may have none of them). Run after the catalogue is written.
 */
async function linkPromotionProducts(tx: Tx, posts: SeededPost[]): Promise<void> {
  for (const { row, seed } of posts) {
    if (!seed.categories?.length) continue;
    await tx.execute(sql`
      INSERT INTO post_products (post_id, group_id, sort)
      SELECT ${row.id}, g.id, (row_number() OVER (ORDER BY g.popularity DESC, g.id))::int
      FROM product_groups g JOIN categories c ON c.id = g.category_id
      WHERE g.is_active AND c.slug IN (${sql.join(seed.categories.map((slug) => sql`${slug}`), sql`, `)})
      ORDER BY g.popularity DESC, g.id
      LIMIT 8`);
  }
}

/**
 * SEO entries. One entry serves every regional site, so the city is written as a token
 * (contract/city-tokens.ts) and "с логотипом" appears at most once per title.
 */
function buildSeo(categoryRows: (typeof schema.categories.$inferInsert)[]): (typeof schema.seo.$inferInsert)[] {
  const { cityIn, cityDative } = CITY_TOKENS;
  const buy = `купить ${cityIn} | ${SHOP_NAME}`;
  const offer = `более 2 000 сувениров в наличии, собственное нанесение от 1 дня, доставка по ${cityDative}.`;
  // [slug, title, h1, description lead]
  const pages: [string, string, string, string][] = [
    ["/", `${SHOP_NAME} — корпоративные подарки и сувениры с логотипом ${cityIn}`, `Корпоративные подарки и промо-продукция ${cityIn}`, "Корпоративные подарки и промо-продукция с нанесением логотипа"],
    ["/catalog", `Каталог сувениров с логотипом — ${buy}`, "Каталог", "Каталог сувенирной продукции"],
    ["/bestoffers", `Лучшие предложения — сувениры с логотипом ${cityIn} | ${SHOP_NAME}`, "Лучшие предложения", "Лучшие предложения месяца"],
    ["/newones", `Новинки — ${SHOP_NAME}`, "Новинки", "Новинки каталога"],
    ["/recommended", `Рекомендуем — ${SHOP_NAME}`, "Рекомендуем", "Подборка товаров от наших менеджеров"],
    ["/brands", `Бренды — ${SHOP_NAME}`, "Бренды", "Бренды сувенирной продукции"],
    ["/print", `Нанесение логотипа ${cityIn} — виды и цены | ${SHOP_NAME}`, "Виды нанесения", "Тампопечать, шелкография, гравировка, УФ-печать и вышивка"],
    ["/news", `Новости — ${SHOP_NAME}`, "Новости", "Новости компании"],
    ["/blog", `Блог — ${SHOP_NAME}`, "Блог", "Статьи о корпоративных подарках"],
    ["/actions", `Акции — ${SHOP_NAME}`, "Акции", "Акции и специальные предложения"],
    ["/search", `Поиск — ${SHOP_NAME}`, "Поиск", "Поиск по каталогу"],
    ["/cart", `Корзина — ${SHOP_NAME}`, "Корзина", "Корзина"],
    ["/favorites", `Избранное — ${SHOP_NAME}`, "Избранное", "Избранное"],
    ["/comparison", `Сравнение товаров — ${SHOP_NAME}`, "Сравнение товаров", "Сравнение товаров"],
  ];
  const rows: (typeof schema.seo.$inferInsert)[] = pages.map(([slug, title, h1, lead]) => ({
    slug,
    title,
    description: `${lead}: ${offer}`,
    keywords: "сувениры с логотипом, корпоративные подарки, промо-продукция",
    h1,
  }));
  for (const page of STATIC_PAGES) {
    rows.push({ slug: `/${page.slug}`, title: `${page.title} — ${SHOP_NAME}`, description: page.seoDescription, keywords: null, h1: page.title });
  }
  for (const c of categoryRows) {
    const lower = c.title.toLowerCase();
    rows.push({
      slug: `/catalog/${c.slug}`,
      title: `${c.title} с логотипом — ${buy}`,
      description: `${c.title} с нанесением логотипа оптом и в розницу ${cityIn}. Цены от производителя, нанесение от 1 дня, доставка по ${cityDative}.`,
      keywords: `${lower} с логотипом, ${lower} оптом`,
      h1: `${c.title} с логотипом`,
    });
  }
  return rows.map((row, i) => ({ id: i + 1, ...row }));
}
