/**
 * §7 "Blog, news, promotions": three paged lists (?page) and their details. One post shape serves
 * all three kinds; promotions also carry their active period.
 */
import { z } from "zod";
import { endpoint, paged } from "./endpoint.ts";
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

export const Post = PostSummary.extend({
  /** HTML from the content service; sanitised before display (§5). */
  content: z.string(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
});
export type Post = z.infer<typeof Post>;

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
    summary: `${what}, paged, newest first`,
    timeout: "default",
    query: PostListQuery,
    response: PostPage,
  });
}

function detail(idName: string, path: string, what: string) {
  return endpoint({
    id: idName,
    method: "GET",
    path,
    tag,
    summary: `${what} by id; 404 when missing or unpublished`,
    timeout: "default",
    params: IdParams,
    response: Post,
  });
}

export const blogEndpoints = {
  newsList: list("newsList", "/blog/news/list", "News"),
  newsDetail: detail("newsDetail", "/blog/news/detail/{id}", "News item"),
  postList: list("postList", "/blog/post/list", "Blog posts"),
  postDetail: detail("postDetail", "/blog/post/detail/{id}", "Blog post"),
  promotionList: list("promotionList", "/promotion/post/list", "Promotions (/actions)"),
  promotionDetail: detail("promotionDetail", "/promotion/post/detail/{id}", "Promotion"),
};
