/**
 * The demo seed: minimums of the brief (≥ 40 categories, ≥ 30 brands, ≥ 2000 groups by default),
 * §9 attributes per category, price tiers, and determinism (same data on every run and engine).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DEFAULT_SEED_GROUPS, seedDatabase, seedIfEmpty } from "../../api/db/seed";
import { queryRows, type Database } from "../../api/db/client";
import { testBackends } from "../../api/testing";

interface Snapshot {
  counts: Record<string, number>;
  firstTitles: string[];
  groupsHash: string;
  productsHash: string;
  tiersHash: string;
}

const COUNTED = ["categories", "brands", "colors", "product_groups", "products", "price_tiers", "product_group_attributes", "product_group_coatings", "coatings", "seo", "static_pages", "posts"];

async function snapshot(database: Database): Promise<Snapshot> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
    counts[table] = Number(row.n);
  }
  const first = await queryRows<{ title: string }>(database.db, sql`SELECT title FROM product_groups ORDER BY id LIMIT 5`);
  const [hashes] = await queryRows<{ g: string; p: string; t: string }>(
    database.db,
    sql`SELECT
      (SELECT md5(string_agg(id || ':' || title || ':' || slug || ':' || category_id || ':' || min_price || ':' || extract(epoch FROM created_at), '|' ORDER BY id)) FROM product_groups) AS g,
      (SELECT md5(string_agg(id || ':' || sku || ':' || price || ':' || stock || ':' || coalesce(color_id, 0), '|' ORDER BY id)) FROM products) AS p,
      (SELECT md5(string_agg(product_id || ':' || min_qty || ':' || price, '|' ORDER BY product_id, min_qty)) FROM price_tiers) AS t`,
  );
  return { counts, firstTitles: first.map((r) => r.title), groupsHash: hashes.g, productsHash: hashes.p, tiersHash: hashes.t };
}

const backends = testBackends();
const snapshots = new Map<string, Snapshot>();

describe.each(backends)("seed on $name", (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it(`default seed meets the minimums (${DEFAULT_SEED_GROUPS} groups)`, async () => {
    const summary = await seedDatabase(database.db);
    expect(summary.groups).toBe(DEFAULT_SEED_GROUPS);
    const { counts } = await snapshot(database);
    expect(counts.categories).toBeGreaterThanOrEqual(40);
    expect(counts.brands).toBeGreaterThanOrEqual(30);
    expect(counts.product_groups).toBeGreaterThanOrEqual(2000);
    expect(counts.colors).toBeGreaterThanOrEqual(12);
    expect(counts.coatings).toBeGreaterThanOrEqual(8);
    expect(counts.static_pages).toBe(12);
    // Every group has variations, every variation four tiers.
    expect(counts.products).toBeGreaterThan(counts.product_groups);
    expect(counts.price_tiers).toBe(counts.products * 4);
  });

  it("is a real catalogue: leaf categories, §9 attributes, decreasing tiers, consistent min price", async () => {
    const [checks] = await queryRows<Record<string, number>>(
      database.db,
      sql`SELECT
        (SELECT count(*)::int FROM product_groups g WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.group_id = g.id)) AS groups_without_products,
        (SELECT count(*)::int FROM product_groups g JOIN categories c ON c.id = g.category_id WHERE c.parent_id IS NULL) AS groups_in_top_categories,
        (SELECT count(*)::int FROM product_groups g WHERE g.min_price <> (SELECT min(price) FROM products p WHERE p.group_id = g.id)) AS wrong_min_price,
        (SELECT count(*)::int FROM product_groups g WHERE g.total_stock <> (SELECT sum(stock) FROM products p WHERE p.group_id = g.id)) AS wrong_stock,
        (SELECT count(*)::int FROM price_tiers a JOIN price_tiers b ON a.product_id = b.product_id AND b.min_qty > a.min_qty WHERE b.price > a.price) AS increasing_tiers,
        (SELECT count(*)::int FROM product_groups g WHERE NOT EXISTS (SELECT 1 FROM product_group_coatings c WHERE c.group_id = g.id)) AS groups_without_coatings,
        (SELECT count(*)::int FROM coatings c WHERE NOT EXISTS (SELECT 1 FROM coating_options o WHERE o.coating_id = c.id)) AS coatings_without_options,
        (SELECT count(DISTINCT coating_id)::int FROM coating_variants) AS coatings_with_variants,
        (SELECT count(*)::int FROM coating_options WHERE NOT is_enabled) AS disabled_options`,
    );
    expect(checks).toMatchObject({
      groups_without_products: 0,
      groups_in_top_categories: 0,
      wrong_min_price: 0,
      wrong_stock: 0,
      increasing_tiers: 0,
      groups_without_coatings: 0,
      coatings_without_options: 0,
    });
    expect(checks.coatings_with_variants).toBeGreaterThanOrEqual(5);
    expect(checks.disabled_options).toBeGreaterThanOrEqual(1);

    // Attribute presence by category (§9 filters).
    const rows = await queryRows<{ slug: string; attribute: string; groups: number; total: number }>(
      database.db,
      sql`SELECT c.slug, a.slug AS attribute, count(DISTINCT pga.group_id)::int AS groups,
                 (SELECT count(*)::int FROM product_groups g2 WHERE g2.category_id = c.id) AS total
          FROM product_group_attributes pga
          JOIN attributes a ON a.id = pga.attribute_id
          JOIN product_groups g ON g.id = pga.group_id
          JOIN categories c ON c.id = g.category_id
          GROUP BY c.id, c.slug, a.slug`,
    );
    const has = (category: string, attribute: string) => {
      const row = rows.find((r) => r.slug === category && r.attribute === attribute);
      return row !== undefined && row.groups === row.total;
    };
    expect(has("sharikovye-ruchki", "pen-type")).toBe(true);
    expect(has("sharikovye-ruchki", "material")).toBe(true);
    expect(has("ezhednevniki", "datebook-format")).toBe(true);
    expect(has("ezhednevniki", "dated")).toBe(true);
    expect(has("power-bank", "battery-capacity")).toBe(true);
    expect(has("futbolki", "sex")).toBe(true);
    expect(has("kruzhki", "delivery-period")).toBe(true);
    expect(rows.some((r) => r.slug === "kruzhki" && r.attribute === "pen-type")).toBe(false);

    // Textile has sizes; a pen title reads like a Russian product name.
    const [textile] = await queryRows<{ sizes: number }>(
      database.db,
      sql`SELECT count(*)::int AS sizes FROM products p JOIN product_groups g ON g.id = p.group_id JOIN categories c ON c.id = g.category_id WHERE c.slug = 'futbolki' AND p.size IS NOT NULL`,
    );
    expect(textile.sizes).toBeGreaterThan(0);
    const [pen] = await queryRows<{ title: string }>(database.db, sql`SELECT title FROM product_groups WHERE title LIKE 'Ручка шариковая «%» %' LIMIT 1`);
    expect(pen.title).toMatch(/^Ручка шариковая «[А-ЯЁ][а-яё]+» .+/);
  });

  it("does not reseed a seeded database", async () => {
    expect(await seedIfEmpty(database.db, { groups: 10 })).toBeNull();
  });

  it("is deterministic: reseeding gives identical data, and a smaller seed is a prefix", async () => {
    const large = await snapshot(database);
    await seedDatabase(database.db, { groups: 200 });
    const first = await snapshot(database);
    await seedDatabase(database.db, { groups: 200 });
    const second = await snapshot(database);
    expect(second).toEqual(first);
    expect(first.counts.product_groups).toBe(200);
    expect(first.firstTitles).toEqual(large.firstTitles);
    // Identity sequences were moved past the explicit ids: a plain insert gets the next id.
    const [next] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO brands (slug, title, letter) VALUES ('new-brand', 'Новый бренд', 'Н') RETURNING id`,
    );
    expect(next.id).toBe(first.counts.brands + 1);
    snapshots.set(backend.name, first);
  });
});

describe.runIf(backends.length > 1)("seed across engines", () => {
  it("PGlite and PostgreSQL get byte-identical catalogues", () => {
    expect(snapshots.get("postgres")).toEqual(snapshots.get("pglite"));
  });
});
