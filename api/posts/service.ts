/**
 * News, blog posts and promotions (§7 blog/news, blog/post, promotion/post) and the comments of
 * blog posts (§7 comment/list/{id}; ADR 030). A post is shown once it is published and its date
 * has come (a post dated ahead is scheduled); anything else is a 404, as a missing one is.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Comment, Post, PostKind, PostLink, PostSummary, PromotionPost } from "../../contract/index";
import type { Db } from "../db/client";
import { comments, postProducts, posts } from "../db/schema";
import { loadGroups } from "../catalog/groups";
import { notFound } from "../http/errors";

/** 404 texts: the storefront shows its own page, but a client of the API reads these. */
export const POST_NOT_FOUND: Record<PostKind, string> = {
  news: "Новость не найдена",
  blog: "Запись блога не найдена",
  promotion: "Акция не найдена",
};

const iso = (value: Date | string) => new Date(value).toISOString();
const day = (value: string | null) => (value === null ? null : String(value).slice(0, 10));

const summaryColumns = {
  id: posts.id,
  kind: posts.kind,
  title: posts.title,
  slug: posts.slug,
  preview: posts.preview,
  image: posts.image,
  publishedAt: posts.publishedAt,
  activeFrom: posts.activeFrom,
  activeTo: posts.activeTo,
};

type SummaryRow = { id: number; kind: string; title: string; slug: string; preview: string; image: string | null; publishedAt: Date; activeFrom: string | null; activeTo: string | null };

function toSummary(row: SummaryRow): PostSummary {
  return {
    id: row.id,
    kind: row.kind as PostKind,
    title: row.title,
    slug: row.slug,
    preview: row.preview,
    image: row.image,
    publishedAt: iso(row.publishedAt),
    activeFrom: day(row.activeFrom),
    activeTo: day(row.activeTo),
  };
}

/** Published, and its date has come: what visitors may see of a kind. */
function visible(kind: PostKind): SQL {
  return visiblePostsWhere([kind]);
}

export function createPostService(db: Db) {
  async function neighbour(kind: PostKind, row: { id: number; publishedAt: Date }, direction: "older" | "newer"): Promise<PostLink | null> {
    // The list's own order (date, then id), so previous/next walk it exactly, ties included.
    const older = or(lt(posts.publishedAt, row.publishedAt), and(eq(posts.publishedAt, row.publishedAt), lt(posts.id, row.id)));
    const newer = or(gt(posts.publishedAt, row.publishedAt), and(eq(posts.publishedAt, row.publishedAt), gt(posts.id, row.id)));
    const [found] = await db
      .select({ id: posts.id, title: posts.title })
      .from(posts)
      .where(and(visible(kind), direction === "older" ? older : newer))
      .orderBy(...(direction === "older" ? [desc(posts.publishedAt), desc(posts.id)] : [asc(posts.publishedAt), asc(posts.id)]))
      .limit(1);
    return found ?? null;
  }

  async function detail(kind: PostKind, id: number): Promise<Post> {
    const [row] = await db
      .select()
      .from(posts)
      .where(and(visible(kind), eq(posts.id, id)));
    if (!row) throw notFound(POST_NOT_FOUND[kind]);
    const [previous, next] = await Promise.all([neighbour(kind, row, "older"), neighbour(kind, row, "newer")]);
    return {
      ...toSummary(row),
      content: row.content,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      updatedAt: iso(row.updatedAt),
      previous,
      next,
    };
  }

  return {
    /** Newest first; a page past the last answers the right counts and no elements. */
    async list(kind: PostKind, page: number, pageLimit: number) {
      const [{ total }] = await db.select({ total: count() }).from(posts).where(visible(kind));
      const countItems = Number(total);
      const offset = (page - 1) * pageLimit;
      // A huge ?page (up to 2^53) never reaches SQL: past the last page there is nothing to read.
      const rows =
        offset < countItems
          ? await db
              .select(summaryColumns)
              .from(posts)
              .where(visible(kind))
              .orderBy(desc(posts.publishedAt), desc(posts.id))
              .limit(pageLimit)
              .offset(offset)
          : [];
      return { pageLimit, countItems, countPages: Math.ceil(countItems / pageLimit), elements: rows.map(toSummary) };
    },

    detail,

    /** A promotion and the active products it applies to, in the linked order. */
    async promotion(id: number): Promise<PromotionPost> {
      const post = await detail("promotion", id);
      const links = await db
        .select({ groupId: postProducts.groupId })
        .from(postProducts)
        .where(eq(postProducts.postId, id))
        .orderBy(asc(postProducts.sort), asc(postProducts.groupId));
      return { ...post, products: await loadGroups(db, links.map((l) => l.groupId)) };
    },

    /**
     * Comments of a visible blog post, oldest first (a conversation reads top to bottom). Nobody
     * is signed in to the reference API yet, so nothing is `editable`.
     */
    async comments(postId: number): Promise<Comment[]> {
      const [post] = await db.select({ id: posts.id }).from(posts).where(and(visible("blog"), eq(posts.id, postId)));
      if (!post) throw notFound(POST_NOT_FOUND.blog);
      const rows = await db
        .select()
        .from(comments)
        .where(eq(comments.postId, postId))
        .orderBy(asc(comments.createdAt), asc(comments.id));
      return rows.map((r) => ({
        id: r.id,
        postId: r.postId,
        text: r.text,
        author: { id: r.userId, name: r.authorName },
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
        editable: false,
      }));
    },
  };
}

/** What visitors may see of `kinds` (the sitemaps list exactly the posts the pages show). */
export function visiblePostsWhere(kinds: readonly PostKind[]): SQL {
  return and(inArray(posts.kind, [...kinds]), eq(posts.isPublished, true), lte(posts.publishedAt, sql`now()`))!;
}
