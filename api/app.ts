/**
 * The reference implementation of the /api contract as one Hono app (basePath /api).
 * Each domain adds its routes from api/<domain>/routes.ts. Envelope rules: success is
 * `{ data }`, failure is contract ApiErrorBody with a 4xx/5xx status; unknown paths are 404.
 */
import { Hono, type Context } from "hono";
import type { ApiDeps, RouteDeps } from "./deps";
import { cartRoutes } from "./cart/routes";
import { catalogRoutes } from "./catalog/routes";
import { comparisonRoutes } from "./comparison/routes";
import { contentRoutes } from "./content/routes";
import { errorResponse, NOT_FOUND_MESSAGE } from "./http/errors";
import { fileRoutes } from "./file/routes";
import { mediaRoutes } from "./media/routes";
import { orderRoutes } from "./order/routes";
import { searchRoutes } from "./search/routes";
import { postRoutes } from "./posts/routes";
import { seoRoutes } from "./seo/routes";
import { subscriptionRoutes } from "./subscription/routes";
import { feedRoutes } from "./feed/routes";
import { favoritesRoutes } from "./favorites/routes";
import { sessionMiddleware } from "./auth/session";
import { sessionIsLive } from "./auth/tokens";
import { accountRoutes } from "./account/routes";
import { kpRoutes } from "./kp/routes";
import { authRoutes } from "./auth/routes";
import { createLimits } from "../limits/limiter";
import { writeLimits } from "./http/write-limits";
import { createMailer, recipientLimited } from "./mail/mailer";

export interface AppOptions {
  /** Where unexpected errors go; console.error by default. */
  logError?: (error: unknown) => void;
}

export function createApp(appDeps: ApiDeps, options: AppOptions = {}): Hono {
  const logError = options.logError ?? ((error: unknown) => console.error("[api]", error));
  const app = new Hono({ strict: false }).basePath("/api");
  // One limiter for every write, letter, login and code (ADR 041); every letter passes the
  // per-recipient limit, whichever domain sends it.
  const limits = appDeps.limits ?? createLimits();
  const deps: RouteDeps = { ...appDeps, limits, mailer: recipientLimited(appDeps.mailer ?? createMailer(), limits) };

  // API answers are per-request data; only routes that say otherwise (media) may be cached.
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });

  // The caller (c.var.user) from the bearer token; a bad token or an ended session is a 401 on every route.
  // Logout with a stale bearer still ends the session its refresh token names (issue 25).
  const isLogout = (c: Context) => c.req.method === "DELETE" && c.req.path.replace(/\/+$/, "") === "/api/auth/logout";
  app.use(sessionMiddleware(deps.sessionKeys, (sessionId, userId) => sessionIsLive(deps.db, sessionId, userId, deps.now?.() ?? new Date()), isLogout));
  // Every write counts against its tier per client IP before a domain reads its body.
  writeLimits(app, limits);

  app.route("/", contentRoutes(deps));
  // Before the catalogue: it creates the shared search engine with the change subscription.
  app.route("/", searchRoutes(deps));
  app.route("/", catalogRoutes(deps));
  app.route("/", comparisonRoutes(deps));
  app.route("/", favoritesRoutes(deps));
  app.route("/", cartRoutes(deps));
  app.route("/", fileRoutes(deps));
  app.route("/", orderRoutes(deps));
  app.route("/", postRoutes(deps));
  app.route("/", mediaRoutes());
  app.route("/", seoRoutes(deps));
  app.route("/", subscriptionRoutes(deps));
  app.route("/", feedRoutes(deps));
  app.route("/", accountRoutes(deps));
  app.route("/", kpRoutes(deps));
  app.route("/", authRoutes(deps));

  app.notFound((c) => c.json({ message: NOT_FOUND_MESSAGE, errors: [] }, 404));
  app.onError((error, c) => errorResponse(error, c, logError));
  return app;
}
