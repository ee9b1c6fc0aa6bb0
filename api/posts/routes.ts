/** §7 "Blog, news, promotions" and the comments of blog posts, bound to their contract endpoints. */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { optionalUser, requireUser } from "../auth/session";
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
  // `shared` in the contract, yet `editable` depends on the caller: the storefront's shared read
  // cache only serves calls without a bearer (app/lib/api-client.server.ts), and this answer is
  // no-store like every API answer.
  route(app, endpoints.commentList, ({ params }, c) => posts.comments(params.id, optionalUser(c)), opts);
  route(app, endpoints.commentCreate, ({ params, body }, c) => posts.createComment(params.id, requireUser(c), body.text), opts);
  route(app, endpoints.commentUpdate, ({ params, body }, c) => posts.updateComment(params.id, requireUser(c), body.text), opts);
  route(app, endpoints.commentDelete, ({ params }, c) => posts.deleteComment(params.id, requireUser(c)), opts);
  return app;
}
