/**
 * Data of the marketplace feed (contract/feed.ts, ADR 031): the category tree and the offers of
 * active product groups in keyset pages (`id > after ORDER BY id LIMIT n`: a primary-key range
 * scan, the same cost for the last page of 100k groups as for the first). One statement per page
 * brings each group's brand, first SKU, attributes and colours, so a page is one round trip.
 */
import { sql } from "drizzle-orm";
import { FEED_PAGE_SIZE, type FeedHead, type FeedOffer, type FeedOffersPage } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { LEGAL_NAME, SHOP_NAME } from "../db/seed/content-data";

/** YML: a description is at most 3000 characters. */
export const MAX_DESCRIPTION = 3000;

/** Categories shown in the catalogue: active, with every ancestor active (as the sitemap lists them). */
const VISIBLE_CATEGORIES = sql`SELECT c.id FROM categories c WHERE c.is_active AND NOT EXISTS (
  SELECT 1 FROM categories a WHERE a.is_active = false AND c.path LIKE a.path || '%')`;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", laquo: "«", raquo: "»", mdash: "—", ndash: "–" };

/** The product description's HTML as one line of plain text (YML's description without CDATA markup). */
export function htmlToText(html: string, max = MAX_DESCRIPTION): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    // A list reads as one sentence: "Материал: металл; Цветов в наличии: 3."
    .replace(/<\/li>\s*(?=<li\b)/gi, "; ")
    .replace(/<\/(ul|ol)>/gi, ". ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .replace(/\s+([;.,])/g, "$1")
    .replace(/([.!?])\./g, "$1")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

interface OfferRow {
  id: number;
  title: string;
  description: string;
  category_id: number;
  price: number;
  stock: number;
  vendor: string | null;
  sku: string | null;
  image: string | null;
  params: [string, string][] | string | null;
  colors: string[] | string | null;
}

const asJson = <T>(value: T | string | null): T | null => (typeof value === "string" ? (JSON.parse(value) as T) : value);

export function createFeedService(db: Db) {
  return {
    async head(): Promise<FeedHead> {
      const categories = await queryRows<{ id: number; parent_id: number | null; title: string }>(
        db,
        sql`SELECT id, parent_id, title FROM categories WHERE id IN (${VISIBLE_CATEGORIES}) ORDER BY depth, sort, id`,
      );
      const [counts] = await queryRows<{ total: number; updated_at: string | Date | null }>(
        db,
        sql`SELECT count(*)::int AS total, max(updated_at) AS updated_at FROM product_groups
            WHERE is_active AND category_id IN (${VISIBLE_CATEGORIES})`,
      );
      const [legal] = await queryRows<{ value: string }>(db, sql`SELECT value FROM contacts WHERE name = 'companyLegalName'`);
      return {
        name: SHOP_NAME,
        company: legal?.value || LEGAL_NAME,
        categories: categories.map((c) => ({ id: c.id, parentId: c.parent_id, title: c.title })),
        total: counts?.total ?? 0,
        updatedAt: counts?.updated_at ? new Date(counts.updated_at).toISOString() : null,
      };
    },

    async offers(after = 0, limit = FEED_PAGE_SIZE): Promise<FeedOffersPage> {
      const rows = await queryRows<OfferRow>(
        db,
        sql`SELECT g.id, g.title, g.description, g.category_id, g.min_price::float8 AS price, g.total_stock AS stock,
                   b.title AS vendor, g.image,
                   (SELECT p.sku FROM products p WHERE p.group_id = g.id ORDER BY p.sort, p.id LIMIT 1) AS sku,
                   (SELECT json_agg(json_build_array(a.title, x.value_title) ORDER BY a.sort, a.id, x.value_title)
                      FROM product_group_attributes x JOIN attributes a ON a.id = x.attribute_id
                     WHERE x.group_id = g.id) AS params,
                   (SELECT json_agg(DISTINCT c.title) FROM products p JOIN colors c ON c.id = p.color_id
                     WHERE p.group_id = g.id) AS colors
              FROM product_groups g LEFT JOIN brands b ON b.id = g.brand_id
             WHERE g.is_active AND g.id > ${after} AND g.category_id IN (${VISIBLE_CATEGORIES})
             ORDER BY g.id
             LIMIT ${limit}`,
      );
      const offers: FeedOffer[] = rows.map((r) => {
        const params = (asJson(r.params) ?? []).map(([name, value]) => ({ name, value }));
        for (const color of asJson(r.colors) ?? []) params.push({ name: "Цвет", value: color });
        return {
          id: r.id,
          title: r.title,
          description: htmlToText(r.description),
          categoryId: r.category_id,
          price: Number(r.price),
          stock: Number(r.stock),
          available: Number(r.stock) > 0,
          vendor: r.vendor,
          sku: r.sku,
          picture: r.image,
          params,
        };
      });
      return { offers, next: offers.length === limit ? offers[offers.length - 1]!.id : null };
    },
  };
}
