/**
 * News, blog posts and promotions (§7 blog/news, blog/post, promotion/post) and the comments of
 * blog posts (§7 comment/list|create|update|delete; ADR 030). A post is shown once it is published
 * and its date has come (a post dated ahead is scheduled); anything else is a 404, as a missing
 * one is. Comments (issue 19): any logged-in user writes on a visible blog post; only the author
 * or ROLE_ADMIN edits or deletes (403 otherwise); the text is stored as plain text and the author's
 * name is their profile name at the time ("Покупатель" without one).
 */
import { and, asc, count, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Comment, Post, PostKind, PostLink, PostSummary, PromotionPost } from "../../contract/index";
import type { Db } from "../db/client";
import { comments, postProducts, posts, users } from "../db/schema";
import { loadGroups } from "../catalog/groups";
import { HttpError, notFound } from "../http/errors";
import { hasRole, UNAUTHORIZED_MESSAGE, type AuthUser } from "../auth/session";
import { plainText } from "../shopping/plain-text";

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
     * Comments of a visible blog post, oldest first (a conversation reads top to bottom);
     * `editable` for the caller's own (any for ROLE_ADMIN), false for anonymous visitors.
     */
    async comments(postId: number, viewer: AuthUser | null): Promise<Comment[]> {
      await visibleBlogPost(postId);
      const rows = await db
        .select()
        .from(comments)
        .where(eq(comments.postId, postId))
        .orderBy(asc(comments.createdAt), asc(comments.id));
      return rows.map((r) => toComment(r, viewer));
    },

    /** §7 comment/create/{postId}: any logged-in user, on a visible blog post. */
    async createComment(postId: number, user: AuthUser, raw: string): Promise<Comment> {
      const text = commentText(raw);
      await visibleBlogPost(postId);
      const [profile] = await db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
      if (!profile) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      const [row] = await db
        .insert(comments)
        .values({ postId, userId: user.id, authorName: authorName(profile.name), text })
        .returning();
      return toComment(row, user);
    },

    /** §7 comment/update/{id}: the author or ROLE_ADMIN (403 otherwise, nothing changed). */
    async updateComment(id: number, user: AuthUser, raw: string): Promise<Comment> {
      const text = commentText(raw);
      await mayChange(id, user);
      const [row] = await db.update(comments).set({ text, updatedAt: sql`now()` }).where(eq(comments.id, id)).returning();
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      return toComment(row, user);
    },

    /** §7 comment/delete/{id}: the author or ROLE_ADMIN; answers data.success. */
    async deleteComment(id: number, user: AuthUser): Promise<{ success: boolean }> {
      await mayChange(id, user);
      const deleted = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
      return { success: deleted.length > 0 };
    },
  };

  async function visibleBlogPost(postId: number): Promise<void> {
    const [post] = await db.select({ id: posts.id }).from(posts).where(and(visible("blog"), eq(posts.id, postId)));
    if (!post) throw notFound(POST_NOT_FOUND.blog);
  }

  /** 404 for no such comment, 403 for someone else's (comments are public: the 403 tells nothing new). */
  async function mayChange(id: number, user: AuthUser): Promise<void> {
    const [row] = await db.select({ userId: comments.userId }).from(comments).where(eq(comments.id, id));
    if (!row) throw notFound(COMMENT_NOT_FOUND);
    if (!canChange(row.userId, user)) throw new HttpError(403, COMMENT_FORBIDDEN);
  }
}

export const COMMENT_NOT_FOUND = "Комментарий не найден";
export const COMMENT_FORBIDDEN = "Можно изменять только свои комментарии";
export const COMMENT_EMPTY = "Напишите комментарий";
/** The name under a comment when the profile has none. */
export const ANONYMOUS_AUTHOR = "Покупатель";

/** The author, or ROLE_ADMIN; a comment without a user (kept from before accounts) only ROLE_ADMIN. */
function canChange(authorId: number | null, user: AuthUser | null): boolean {
  if (!user) return false;
  return (authorId !== null && authorId === user.id) || hasRole(user, "ROLE_ADMIN");
}

/** Plain text (api/shopping/plain-text.ts); nothing readable left is the same 400 as an empty text. */
function commentText(raw: string): string {
  const text = plainText(raw);
  if (!text) throw new HttpError(400, COMMENT_EMPTY, [{ field: "text", message: COMMENT_EMPTY }]);
  return text;
}

function authorName(name: string | null): string {
  const clean = plainText(name ?? "").replace(/\s+/g, " ");
  return clean || ANONYMOUS_AUTHOR;
}

function toComment(r: typeof comments.$inferSelect, viewer: AuthUser | null): Comment {
  return {
    id: r.id,
    postId: r.postId,
    text: r.text,
    author: { id: r.userId, name: r.authorName },
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    editable: canChange(r.userId, viewer),
  };
}

/** What visitors may see of `kinds` (the sitemaps list exactly the posts the pages show). */
export function visiblePostsWhere(kinds: readonly PostKind[]): SQL {
  return and(inArray(posts.kind, [...kinds]), eq(posts.isPublished, true), lte(posts.publishedAt, sql`now()`))!;
}
