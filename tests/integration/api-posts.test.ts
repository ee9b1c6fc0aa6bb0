/**
 * News, blog posts, promotions and blog comments (§7, issue 18) on a seeded database: paging,
 * neighbours, 404s for missing, unpublished and scheduled posts, junk ids and hostile query values
 * (400, never a 5xx). In-memory PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ApiErrorBody, endpoints, type Comment, type PostSummary } from "../../contract/index";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { postProducts, posts, productGroups } from "../../api/db/schema";
import { BLOG, NEWS, PROMOTIONS } from "../../api/db/seed/posts-data";

const data = async <T>(response: Response): Promise<T> => ((await response.json()) as { data: T }).data;

const LISTS = [
  { kind: "news", list: "/api/blog/news/list", detail: "/api/blog/news/detail", seeded: NEWS.length },
  { kind: "blog", list: "/api/blog/post/list", detail: "/api/blog/post/detail", seeded: BLOG.length },
  { kind: "promotion", list: "/api/promotion/post/list", detail: "/api/promotion/post/detail", seeded: PROMOTIONS.length },
] as const;

describe.each(testBackends())("posts on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    // 2000 groups: every promotion's categories have products.
    t = await openTestApi(backend, { groups: 2000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (path: string) => endpoints.newsList.response.parse(await data(await t.get(path)));

  describe.each(LISTS)("$kind", ({ kind, list, detail, seeded }) => {
    it("pages newest first without repeating or skipping a post", async () => {
      const first = await page(`${list}?pageLimit=5`);
      expect(first).toMatchObject({ pageLimit: 5, countItems: seeded, countPages: Math.ceil(seeded / 5) });
      const all: PostSummary[] = [];
      for (let n = 1; n <= first.countPages; n++) all.push(...(await page(`${list}?page=${n}&pageLimit=5`)).elements);
      expect(all).toHaveLength(seeded);
      expect(new Set(all.map((p) => p.id)).size).toBe(seeded);
      expect(all.every((p) => p.kind === kind)).toBe(true);
      const dates = all.map((p) => p.publishedAt);
      expect(dates).toEqual([...dates].sort().reverse());
      // The default page size is 12.
      expect((await page(list)).elements).toHaveLength(Math.min(12, seeded));
    });

    it("answers a page past the last, even a huge one, with the counts and no elements", async () => {
      for (const n of [99, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
        const response = await t.get(`${list}?page=${n}`);
        expect(response.status, String(n)).toBe(200);
        expect(await data(response)).toEqual({ pageLimit: 12, countItems: seeded, countPages: Math.ceil(seeded / 12), elements: [] });
      }
    });

    it.each([
      ["page=0"],
      ["page=-1"],
      ["page=abc"],
      ["page=1.5"],
      ["page=1e400"],
      ["page=99999999999999999999"],
      ["page=1%27%20OR%201%3D1--"],
      ["pageLimit=0"],
      ["pageLimit=51"],
      ["pageLimit=%3Cscript%3E"],
    ])("?%s → 400 with a Russian field error", async (query) => {
      const response = await t.get(`${list}?${query}`);
      expect(response.status).toBe(400);
      const body = ApiErrorBody.parse(await response.json());
      expect(body.errors.length).toBeGreaterThan(0);
      expect(body.errors[0]!.message).toMatch(/[а-яё]/i);
    });

    it("details a post with its body and its neighbours in the list", async () => {
      const { elements } = await page(`${list}?pageLimit=3`);
      const middle = endpoints.newsDetail.response.parse(await data(await t.get(`${detail}/${elements[1]!.id}`)));
      expect(middle).toMatchObject({ id: elements[1]!.id, kind, title: elements[1]!.title });
      expect(middle.content).toMatch(/<p>/);
      expect(middle.next).toEqual({ id: elements[0]!.id, title: elements[0]!.title });
      expect(middle.previous).toEqual({ id: elements[2]!.id, title: elements[2]!.title });
      const newest = endpoints.newsDetail.response.parse(await data(await t.get(`${detail}/${elements[0]!.id}`)));
      expect(newest.next).toBeNull();
    });

    it.each([["abc"], ["0"], ["-1"], ["1.5"], ["3000000000"], ["99999999999999999999"], ["1%20OR%201%3D1"], ["%3Cscript%3E"]])(
      "a junk id %s → 400, never a 5xx",
      async (id) => {
        const response = await t.get(`${detail}/${id}`);
        expect(response.status).toBe(400);
        expect(ApiErrorBody.parse(await response.json()).errors.length).toBeGreaterThan(0);
      },
    );

    it("a missing id, or another kind's post, → 404 with a Russian message", async () => {
      const other = LISTS.find((l) => l.kind !== kind)!;
      const foreign = (await page(`${other.list}?pageLimit=1`)).elements[0]!.id;
      for (const id of [999_999, foreign]) {
        const response = await t.get(`${detail}/${id}`);
        expect(response.status, String(id)).toBe(404);
        expect(ApiErrorBody.parse(await response.json()).message).toMatch(/не найден/);
      }
    });
  });

  it("hides unpublished and scheduled posts from the list, the details and the neighbours", async () => {
    const [newest, second, third] = (await page("/api/blog/news/list?pageLimit=3")).elements;
    const original = await t.db.select().from(posts).where(eq(posts.id, second!.id));
    try {
      await t.db.update(posts).set({ isPublished: false }).where(eq(posts.id, second!.id));
      expect((await t.get(`/api/blog/news/detail/${second!.id}`)).status).toBe(404);
      const after = await page("/api/blog/news/list?pageLimit=3");
      expect(after.countItems).toBe(NEWS.length - 1);
      expect(after.elements.map((p) => p.id)).not.toContain(second!.id);
      const top = endpoints.newsDetail.response.parse(await data(await t.get(`/api/blog/news/detail/${newest!.id}`)));
      expect(top.previous?.id).toBe(third!.id);

      // Published but dated ahead: scheduled, not shown yet.
      await t.db.update(posts).set({ isPublished: true, publishedAt: new Date(Date.now() + 86_400_000) }).where(eq(posts.id, second!.id));
      expect((await t.get(`/api/blog/news/detail/${second!.id}`)).status).toBe(404);
      expect((await page("/api/blog/news/list")).elements.map((p) => p.id)).not.toContain(second!.id);
    } finally {
      await t.db.update(posts).set({ isPublished: true, publishedAt: original[0]!.publishedAt }).where(eq(posts.id, second!.id));
    }
  });

  it("a promotion answers its period and its active products as catalogue groups", async () => {
    const { elements } = await page("/api/promotion/post/list?pageLimit=50");
    for (const summary of elements) {
      expect(summary.activeFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(summary.activeTo! >= summary.activeFrom!).toBe(true);
    }
    const promotion = endpoints.promotionDetail.response.parse(await data(await t.get(`/api/promotion/post/detail/${elements[0]!.id}`)));
    expect(promotion.products.length).toBeGreaterThan(0);
    expect(promotion.products.length).toBeLessThanOrEqual(8);
    expect(promotion.products.every((g) => g.products.length > 0)).toBe(true);

    // A group taken out of the catalogue leaves the promotion.
    const hidden = promotion.products[0]!.id;
    await t.db.update(productGroups).set({ isActive: false }).where(eq(productGroups.id, hidden));
    try {
      const again = endpoints.promotionDetail.response.parse(await data(await t.get(`/api/promotion/post/detail/${elements[0]!.id}`)));
      expect(again.products.map((g) => g.id)).not.toContain(hidden);
      expect(again.products).toHaveLength(promotion.products.length - 1);
    } finally {
      await t.db.update(productGroups).set({ isActive: true }).where(eq(productGroups.id, hidden));
    }
    // Every promotion of the seed links products from its own categories.
    const links = await t.db.select().from(postProducts);
    expect(new Set(links.map((l) => l.postId)).size).toBe(PROMOTIONS.length);
  });

  it("news and blog details carry no products (one shape, no catalogue query)", async () => {
    const id = (await page("/api/blog/news/list?pageLimit=1")).elements[0]!.id;
    expect(await data(await t.get(`/api/blog/news/detail/${id}`))).not.toHaveProperty("products");
  });

  describe("comments of a blog post", () => {
    it("lists them oldest first, with the author's name and nothing editable for a visitor", async () => {
      const seeded = BLOG.find((b) => (b.comments?.length ?? 0) >= 3)!;
      const { elements } = await page("/api/blog/post/list?pageLimit=50");
      const post = elements.find((p) => p.title === seeded.title)!;
      const response = await t.get(`/api/comment/list/${post.id}`);
      expect(response.status).toBe(200);
      const list = endpoints.commentList.response.parse(await data(response)) as Comment[];
      expect(list.map((c) => c.text)).toEqual(seeded.comments!.map((c) => c[1]));
      expect(list.map((c) => c.author.name)).toEqual(seeded.comments!.map((c) => c[0]));
      const times = list.map((c) => c.createdAt);
      expect(times).toEqual([...times].sort());
      expect(list.every((c) => c.postId === post.id && !c.editable && c.createdAt > post.publishedAt)).toBe(true);
    });

    it("a post without comments answers an empty list", async () => {
      const seeded = BLOG.find((b) => (b.comments?.length ?? 0) === 0)!;
      const post = (await page("/api/blog/post/list?pageLimit=50")).elements.find((p) => p.title === seeded.title)!;
      expect(await data(await t.get(`/api/comment/list/${post.id}`))).toEqual([]);
    });

    it("a news item, a promotion or a missing post → 404; a junk id → 400", async () => {
      const news = (await page("/api/blog/news/list?pageLimit=1")).elements[0]!.id;
      const promotion = (await page("/api/promotion/post/list?pageLimit=1")).elements[0]!.id;
      for (const id of [news, promotion, 999_999]) expect((await t.get(`/api/comment/list/${id}`)).status, String(id)).toBe(404);
      for (const id of ["abc", "0", "3000000000", "%27%3B--"]) expect((await t.get(`/api/comment/list/${id}`)).status, id).toBe(400);
    });

    it("writing needs an account: anonymous create and delete are 401 (the writes: api-comments.test.ts)", async () => {
      const post = (await page("/api/blog/post/list?pageLimit=1")).elements[0]!.id;
      const create = await t.api.fetch(new Request(`http://x/api/comment/create/${post}`, { method: "POST", body: JSON.stringify({ text: "Привет" }), headers: { "content-type": "application/json" } }));
      expect(create.status).toBe(401);
      const remove = await t.api.fetch(new Request("http://x/api/comment/delete/1", { method: "DELETE" }));
      expect(remove.status).toBe(401);
    });
  });
});
