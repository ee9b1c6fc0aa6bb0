/**
 * Sitemap data (contract/seo.ts): what crawlers should find, one type at a time, in pages
 * ordered by primary key. Every query is an index scan: counts use the partial `is_active`
 * indexes of product groups (index-only), pages walk the primary key with LIMIT/OFFSET, so a
 * 10 000-row page of 100k product groups needs no sort.
 */
import { asc, count, eq, max, sql } from "drizzle-orm";
import { SitemapType, type SitemapEntry, type SitemapPage, type SitemapSummary } from "../../contract/index";
import type { Db } from "../db/client";
import { brands, categories, coatings, posts, productGroups, staticPages } from "../db/schema";
import { visiblePostsWhere } from "../posts/service";

/** Sitemap types of the posts and their kind (published posts only: a scheduled one is not there yet). */
const POST_TYPES = { news: "news", blog: "blog", promotions: "promotion" } as const;

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** A category is listed when it and all its ancestors are active (the tree hides the rest). */
const visibleCategory = sql`${categories.isActive} AND NOT EXISTS (
  SELECT 1 FROM ${categories} AS ancestor
  WHERE ancestor.is_active = false AND ${categories.path} LIKE ancestor.path || '%'
)`;

export function createSeoService(db: Db) {
  async function total(type: SitemapType): Promise<{ total: number; updatedAt: string | null }> {
    switch (type) {
      case "categories": {
        const [row] = await db.select({ n: count() }).from(categories).where(visibleCategory);
        return { total: Number(row?.n ?? 0), updatedAt: null };
      }
      case "brands": {
        const [row] = await db.select({ n: count() }).from(brands);
        return { total: Number(row?.n ?? 0), updatedAt: null };
      }
      case "products": {
        const [row] = await db
          .select({ n: count(), updatedAt: max(productGroups.updatedAt) })
          .from(productGroups)
          .where(eq(productGroups.isActive, true));
        return { total: Number(row?.n ?? 0), updatedAt: iso(row?.updatedAt) };
      }
      case "pages": {
        const [row] = await db.select({ n: count(), updatedAt: max(staticPages.updatedAt) }).from(staticPages);
        return { total: Number(row?.n ?? 0), updatedAt: iso(row?.updatedAt) };
      }
      case "print-types": {
        const [row] = await db.select({ n: count() }).from(coatings);
        return { total: Number(row?.n ?? 0), updatedAt: null };
      }
      case "news":
      case "blog":
      case "promotions": {
        const [row] = await db.select({ n: count(), updatedAt: max(posts.updatedAt) }).from(posts).where(visiblePostsWhere([POST_TYPES[type]]));
        return { total: Number(row?.n ?? 0), updatedAt: iso(row?.updatedAt) };
      }
    }
  }

  async function rows(type: SitemapType, limit: number, offset: number): Promise<SitemapEntry[]> {
    switch (type) {
      case "categories": {
        const list = await db
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .where(visibleCategory)
          .orderBy(asc(categories.id))
          .limit(limit)
          .offset(offset);
        return list.map((r) => ({ ...r, updatedAt: null }));
      }
      case "brands": {
        const list = await db.select({ id: brands.id, slug: brands.slug }).from(brands).orderBy(asc(brands.id)).limit(limit).offset(offset);
        return list.map((r) => ({ ...r, updatedAt: null }));
      }
      case "products": {
        const list = await db
          .select({ id: productGroups.id, slug: productGroups.slug, updatedAt: productGroups.updatedAt })
          .from(productGroups)
          .where(eq(productGroups.isActive, true))
          .orderBy(asc(productGroups.id))
          .limit(limit)
          .offset(offset);
        return list.map((r) => ({ id: r.id, slug: r.slug, updatedAt: iso(r.updatedAt) }));
      }
      case "pages": {
        const list = await db
          .select({ id: staticPages.id, slug: staticPages.slug, updatedAt: staticPages.updatedAt })
          .from(staticPages)
          .orderBy(asc(staticPages.id))
          .limit(limit)
          .offset(offset);
        return list.map((r) => ({ id: r.id, slug: r.slug, updatedAt: iso(r.updatedAt) }));
      }
      case "print-types": {
        const list = await db.select({ id: coatings.id, slug: coatings.slug }).from(coatings).orderBy(asc(coatings.id)).limit(limit).offset(offset);
        return list.map((r) => ({ ...r, updatedAt: null }));
      }
      case "news":
      case "blog":
      case "promotions": {
        const list = await db
          .select({ id: posts.id, slug: posts.slug, updatedAt: posts.updatedAt })
          .from(posts)
          .where(visiblePostsWhere([POST_TYPES[type]]))
          .orderBy(asc(posts.id))
          .limit(limit)
          .offset(offset);
        return list.map((r) => ({ id: r.id, slug: r.slug, updatedAt: iso(r.updatedAt) }));
      }
    }
  }

  return {
    async summary(): Promise<SitemapSummary[]> {
      const types = SitemapType.options;
      const totals = await Promise.all(types.map(total));
      return types.map((type, i) => ({ type, ...totals[i]! }));
    },

    async page(type: SitemapType, page: number, pageSize: number): Promise<SitemapPage> {
      const [counted, entries] = await Promise.all([total(type), rows(type, pageSize, (page - 1) * pageSize)]);
      return {
        type,
        page,
        pageSize,
        total: counted.total,
        countPages: Math.ceil(counted.total / pageSize),
        entries,
      };
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
