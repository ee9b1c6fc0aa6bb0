/** Brands (§3 "brands (grouped, plus flat list with slug)", §7 brand/list/all, brand/detail/{id}). */
import { sql } from "drizzle-orm";
import type { Brand, BrandDetail } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { notFound } from "../http/errors";

export function createBrandService(db: Db) {
  return {
    /** Flat, by title; the client groups by `letter`. */
    all(): Promise<Brand[]> {
      return queryRows<Brand>(db, sql`SELECT id, title, slug, letter, image FROM brands ORDER BY title, id`);
    },

    /** By numeric id or by slug (the /brands/{slug} route only has the slug). */
    async detail(idOrSlug: string): Promise<BrandDetail> {
      const key = idOrSlug.trim();
      const byId = /^\d{1,9}$/.test(key);
      const [brand] = await queryRows<BrandDetail>(
        db,
        sql`SELECT b.id, b.title, b.slug, b.letter, b.image, b.description,
              (SELECT count(*)::int FROM product_groups g WHERE g.brand_id = b.id AND g.is_active) AS "productCount"
            FROM brands b WHERE ${byId ? sql`b.id = ${Number(key)}` : sql`b.slug = ${key}`}`,
      );
      if (!brand) throw notFound("Бренд не найден");
      return brand;
    },
  };
}
