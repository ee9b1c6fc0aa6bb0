/**
 * Sitemap data (contract/seo.ts) on a seeded database: counts match the tables, pages walk the
 * primary key without gaps or repeats, entries parse with the contract, and inactive rows stay out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { ApiErrorBody, endpoints, SitemapPage, type SitemapSummary } from "../../contract/index";
import { openTestApi, testBackends, type TestApi } from "../testing";
import { brands, categories, coatings, posts, productGroups, staticPages } from "../db/schema";

const data = async <T>(response: Response): Promise<T> => ((await response.json()) as { data: T }).data;

describe.each(testBackends())("seo sitemap data on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 120 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("summary counts every type like the tables do", async () => {
    const response = await t.get("/api/seo/sitemap");
    expect(response.status).toBe(200);
    const summary = endpoints.seoSitemapSummary.response.parse(await data<SitemapSummary[]>(response));
    const byType = Object.fromEntries(summary.map((s) => [s.type, s]));
    const [active] = await t.db.select({ n: count() }).from(productGroups).where(eq(productGroups.isActive, true));
    const [brandRows] = await t.db.select({ n: count() }).from(brands);
    const [pageRows] = await t.db.select({ n: count() }).from(staticPages);
    expect(byType.products!.total).toBe(Number(active!.n));
    expect(byType.brands!.total).toBe(Number(brandRows!.n));
    expect(byType.pages!.total).toBe(Number(pageRows!.n));
    expect(byType.categories!.total).toBeGreaterThan(10);
    expect(byType.products!.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("pages products by id: no gaps, no repeats, only active groups", async () => {
    // Hide one group: it must leave the sitemap.
    const [hidden] = await t.db.select({ id: productGroups.id }).from(productGroups).orderBy(productGroups.id).limit(1).offset(5);
    await t.db.update(productGroups).set({ isActive: false }).where(eq(productGroups.id, hidden!.id));
    const ids: number[] = [];
    let countPages = 1;
    for (let page = 1; page <= countPages; page++) {
      const response = await t.get(`/api/seo/sitemap/products?page=${page}&pageSize=50`);
      expect(response.status).toBe(200);
      const body = SitemapPage.parse(await data(response));
      expect(body).toMatchObject({ type: "products", page, pageSize: 50 });
      countPages = body.countPages;
      for (const entry of body.entries) {
        expect(entry.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(entry.slug).toBeTruthy();
      }
      ids.push(...body.entries.map((e) => e.id));
    }
    const [active] = await t.db.select({ n: count() }).from(productGroups).where(eq(productGroups.isActive, true));
    expect(ids).toHaveLength(Number(active!.n));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(ids).not.toContain(hidden!.id);
    await t.db.update(productGroups).set({ isActive: true }).where(eq(productGroups.id, hidden!.id));
  });

  it("lists categories without inactive ones or their subtrees, and every brand", async () => {
    const [parent] = await t.db
      .select({ id: categories.id, path: categories.path })
      .from(categories)
      .where(sql`${categories.parentId} IS NULL AND EXISTS (SELECT 1 FROM categories c WHERE c.parent_id = ${categories.id})`)
      .limit(1);
    await t.db.update(categories).set({ isActive: false }).where(eq(categories.id, parent!.id));
    try {
      const subtree = await t.db.select({ id: categories.id }).from(categories).where(sql`${categories.path} LIKE ${parent!.path + "%"}`);
      expect(subtree.length).toBeGreaterThan(1);
      const listed = SitemapPage.parse(await data(await t.get("/api/seo/sitemap/categories?pageSize=50000")));
      const listedIds = new Set(listed.entries.map((e) => e.id));
      for (const { id } of subtree) expect(listedIds.has(id), `category ${id}`).toBe(false);
      expect(listed.total).toBe(listed.entries.length);
      expect(listed.entries.every((e) => e.updatedAt === null)).toBe(true);
    } finally {
      await t.db.update(categories).set({ isActive: true }).where(eq(categories.id, parent!.id));
    }
    const brandPage = SitemapPage.parse(await data(await t.get("/api/seo/sitemap/brands")));
    expect(brandPage.pageSize).toBe(10_000);
    expect(brandPage.entries.length).toBe(brandPage.total);
  });

  it("lists every print type (the /print/{id} pages) by id", async () => {
    const all = await t.db.select({ id: coatings.id, slug: coatings.slug }).from(coatings).orderBy(coatings.id);
    expect(all.length).toBeGreaterThan(5);
    const body = SitemapPage.parse(await data(await t.get("/api/seo/sitemap/print-types")));
    expect(body).toMatchObject({ type: "print-types", total: all.length, countPages: 1 });
    expect(body.entries).toEqual(all.map((c) => ({ ...c, updatedAt: null })));
    const summary = endpoints.seoSitemapSummary.response.parse(await data(await t.get("/api/seo/sitemap")));
    expect(summary.find((s) => s.type === "print-types")).toEqual({ type: "print-types", total: all.length, updatedAt: null });
    const second = SitemapPage.parse(await data(await t.get("/api/seo/sitemap/print-types?page=2&pageSize=5")));
    expect(second.entries.map((e) => e.id)).toEqual(all.slice(5, 10).map((c) => c.id));
  });

  it("lists the published news, blog posts and promotions by id, each with its change time", async () => {
    const kinds = { news: "news", blog: "blog", promotions: "promotion" } as const;
    for (const [type, kind] of Object.entries(kinds)) {
      const rows = await t.db.select({ id: posts.id, slug: posts.slug }).from(posts).where(eq(posts.kind, kind)).orderBy(posts.id);
      expect(rows.length, type).toBeGreaterThan(5);
      const body = SitemapPage.parse(await data(await t.get(`/api/seo/sitemap/${type}`)));
      expect(body.entries.map(({ id, slug }) => ({ id, slug }))).toEqual(rows);
      expect(body.entries.every((e) => e.updatedAt !== null)).toBe(true);
    }
    // An unpublished post leaves the sitemap (its page is a 404).
    const [first] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.kind, "blog")).orderBy(posts.id).limit(1);
    await t.db.update(posts).set({ isPublished: false }).where(eq(posts.id, first!.id));
    try {
      const body = SitemapPage.parse(await data(await t.get("/api/seo/sitemap/blog")));
      expect(body.entries.map((e) => e.id)).not.toContain(first!.id);
      const summary = endpoints.seoSitemapSummary.response.parse(await data(await t.get("/api/seo/sitemap")));
      expect(summary.find((s) => s.type === "blog")!.total).toBe(body.total);
    } finally {
      await t.db.update(posts).set({ isPublished: true }).where(eq(posts.id, first!.id));
    }
  });

  it("static pages carry their change time", async () => {
    const pages = SitemapPage.parse(await data(await t.get("/api/seo/sitemap/pages")));
    expect(pages.entries.map((p) => p.slug)).toContain("about");
    expect(pages.entries.every((p) => p.updatedAt !== null)).toBe(true);
  });

  it.each([
    ["/api/seo/sitemap/people", "type"],
    ["/api/seo/sitemap/products?page=0", "page"],
    ["/api/seo/sitemap/products?pageSize=50001", "pageSize"],
  ])("%s → 400 naming %s", async (path, field) => {
    const response = await t.get(path);
    expect(response.status).toBe(400);
    expect(ApiErrorBody.parse(await response.json()).errors.map((e) => e.field)).toContain(field);
  });

  it("a page past the end is empty", async () => {
    const body = SitemapPage.parse(await data(await t.get("/api/seo/sitemap/products?page=999")));
    expect(body.entries).toEqual([]);
    expect(body.countPages).toBeLessThan(999);
  });
});
