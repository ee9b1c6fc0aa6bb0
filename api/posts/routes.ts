/** §7 "Blog, news, promotions" and the comments of blog posts, bound to their contract endpoints. */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createPostService } from "./service";

export function postRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const posts = createPostService(deps.db);
  const opts = { validateResponses: deps.validateResponses };
  route(app, endpoints.newsList, ({ query }) => posts.list("news", query.page, query.pageLimit), opts);
  route(app, endpoints.newsDetail, ({ params }) => posts.detail("news", params.id), opts);
  route(app, endpoints.postList, ({ query }) => posts.list("blog", query.page, query.pageLimit), opts);
  route(app, endpoints.postDetail, ({ params }) => posts.detail("blog", params.id), opts);
  route(app, endpoints.promotionList, ({ query }) => posts.list("promotion", query.page, query.pageLimit), opts);
  route(app, endpoints.promotionDetail, ({ params }) => posts.promotion(params.id), opts);
  // Comment writes (create, update, delete) come with accounts: until then they stay unanswered (404).
  route(app, endpoints.commentList, ({ params }) => posts.comments(params.id), opts);
  return app;
}
