/**
 * §7 "Blog, news, promotions": three paged lists (?page) and their details. One post shape serves
 * all three kinds; promotions also carry their active period and the products they apply to.
 */
import { z } from "zod";
import { endpoint, paged } from "./endpoint.ts";
import { ProductGroup } from "./catalog.ts";
import { IdParams, id, isoDate, isoDateTime, limitQuery, pageQuery, url } from "./common.ts";

export const PostKind = z.enum(["news", "blog", "promotion"]);
export type PostKind = z.infer<typeof PostKind>;

/** A list card: no body HTML, so a page of 12 stays small. */
export const PostSummary = z.object({
  id: id(),
  kind: PostKind,
  title: z.string(),
  slug: z.string(),
  /** Plain-text teaser. */
  preview: z.string(),
  image: url().nullable(),
  publishedAt: isoDateTime(),
  /** Promotions only: the period the offer runs (YYYY-MM-DD); null for news and posts. */
  activeFrom: isoDate().nullable(),
  activeTo: isoDate().nullable(),
});
export type PostSummary = z.infer<typeof PostSummary>;

/** The neighbour of a post in its list (same kind, published), for "previous / next" links. */
export const PostLink = z.object({ id: id(), title: z.string() });
export type PostLink = z.infer<typeof PostLink>;

export const Post = PostSummary.extend({
  /** HTML from the content service; sanitised before display (§5). */
  content: z.string(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  /** Last change (ISO 8601): sitemaps' lastmod and JSON-LD dateModified. */
  updatedAt: isoDateTime(),
  /** The older post of the same kind (the next one down the list), null for the oldest. */
  previous: PostLink.nullable(),
  /** The newer post of the same kind, null for the newest. */
  next: PostLink.nullable(),
});
export type Post = z.infer<typeof Post>;

/**
 * A promotion with the products it applies to, in the order the content manager linked them,
 * as the catalogue describes groups (inactive or removed groups are left out).
 */
export const PromotionPost = Post.extend({ products: z.array(ProductGroup) });
export type PromotionPost = z.infer<typeof PromotionPost>;

/** §7 "?page"; pageLimit lets the main page ask for a short teaser list. Newest first. */
export const PostListQuery = z.object({ page: pageQuery(), pageLimit: limitQuery(12, 50) });
export type PostListQuery = z.input<typeof PostListQuery>;

export const PostPage = paged(PostSummary);

const tag = "blog";

function list(idName: string, path: string, what: string) {
  return endpoint({
    id: idName,
    method: "GET",
    path,
    tag,
    summary: `${what}, paged, newest first; a page past the last answers no elements`,
    timeout: "default",
    // The same for every visitor: a storefront may keep it in its shared read cache.
    shared: true,
    query: PostListQuery,
    response: PostPage,
  });
}

function detail<R extends z.ZodType>(idName: string, path: string, what: string, response: R) {
  return endpoint({
    id: idName,
    method: "GET",
    path,
    tag,
    summary: `${what} by id; 404 when missing or unpublished`,
    timeout: "default",
    shared: true,
    params: IdParams,
    response,
  });
}

export const blogEndpoints = {
  newsList: list("newsList", "/blog/news/list", "News"),
  newsDetail: detail("newsDetail", "/blog/news/detail/{id}", "News item", Post),
  postList: list("postList", "/blog/post/list", "Blog posts"),
  postDetail: detail("postDetail", "/blog/post/detail/{id}", "Blog post", Post),
  promotionList: list("promotionList", "/promotion/post/list", "Promotions (/actions)"),
  promotionDetail: detail("promotionDetail", "/promotion/post/detail/{id}", "Promotion with the products it applies to", PromotionPost),
};
