/**
 * The load context for Express (ADR 048: Express stays in server/): the city middleware, which
 * resolves the §4 city before the page cache and adds its cookie when the headers go out
 * (on-headers), and `getLoadContext`, which reads Express's request into the app's `PageRequest`.
 * The sitemap service (features/seo) is wired here too, beside the load context: app/lib imports no feature.
 */
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import onHeaders from "on-headers";
import { CITY_COOKIE } from "#app/lib/city.ts";
import { EDGE_CITY_COOKIE_HEADER, edgeSaysBot, isEdgeResponse } from "./edge.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { createAppContextFactory, type PageRequest, type ResolvedCity } from "#app/lib/context.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import type { Limits } from "#limits/limiter.ts";
import { REQUEST_ID_HEADER } from "#log/logger.ts";
import { createSitemapService } from "#app/features/seo/sitemap.server.ts";
import { sitemapPages, type RouteManifest } from "#app/features/seo/sitemap-handle.ts";

/** The city resolved for this response by `resolveCity` (`res.locals.city`), if it ran; the page cache keys on it. */
export function resolvedCity(res: ExpressResponse): ResolvedCity | undefined {
  return res.locals.city as ResolvedCity | undefined;
}

export interface ContextFactoryOptions {
  /** The server build's route manifest (`build.routes`): the pages sitemap lists what route handles declare. */
  routes?: () => Promise<RouteManifest>;
}

/** `limits`: the shop's rate limiter (server.ts makes one for the storefront and the embedded API). */
export function createContextFactory(env: Env, backend: Backend, limits?: Limits, options: ContextFactoryOptions = {}) {
  const app = createAppContextFactory(env, backend, limits);
  const routes = options.routes ?? (async () => ({}));
  const sitemaps = createSitemapService(backend, env.REQUEST_TIMEOUT, async () => sitemapPages(await routes()));

  /**
   * The host the visitor asked for: Host, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY).
   * The request guard (server/request-guard.ts) has answered 400 to any request where it is not a
   * valid host, so origins and cookie attributes may be built from it.
   */
  const hostOf = (req: ExpressRequest) => req.host || `localhost:${env.PORT}`;

  const chooseCity = async (req: ExpressRequest) => app.chooseCity(hostOf(req), req.headers.cookie, await app.content.cities());

  /**
   * Express middleware, mounted before the page cache and the React Router handler: resolves the
   * city into `res.locals.city` and adds the cityId cookie when the headers are written, so it is
   * part of every answer that needs it, cached page or not. Left out of answers that are public
   * (a shared cache must not replay a cookie: sitemaps, robots.txt) — a page the nginx edge may
   * store gets it in X-Edge-City-Cookie instead (ADR 060) — and of answers that set cityId themselves (the /city switch wins). The city list falls back to an empty list, and
   * selectCity then to the built-in Москва / Россия. Anything that still throws goes to the error
   * handler (an async handler's rejection is Express 5's next(error)): a throw in a bare promise
   * callback here once took the whole process down (issue 16).
   */
  const resolveCity: RequestHandler = async (req, res, next) => {
    const { resolved, cookie } = await chooseCity(req);
    res.locals.city = resolved;
    if (cookie) {
      onHeaders(res, () => {
        const setCookies = [res.getHeader("set-cookie") ?? []].flat().map(String);
        const cacheControl = String(res.getHeader("cache-control") ?? "");
        const isPublic = /\bpublic\b/i.test(cacheControl);
        // A page the nginx edge may store (ADR 060): the cookie goes beside it, and nginx sets it.
        if (isPublic && isEdgeResponse(res) && /\bs-maxage=/i.test(cacheControl)) res.setHeader(EDGE_CITY_COOKIE_HEADER, cookie);
        else if (!isPublic && !setCookies.some((c) => c.startsWith(`${CITY_COOKIE}=`))) res.append("Set-Cookie", cookie);
      });
    }
    next();
  };

  /** The city of this request: from the middleware, or resolved here (cookie appended at once). */
  async function cityFor(req: ExpressRequest, res: ExpressResponse): Promise<ResolvedCity> {
    const known = resolvedCity(res);
    if (known) return known;
    const { resolved, cookie } = await chooseCity(req);
    if (cookie && !res.headersSent) res.append("Set-Cookie", cookie);
    res.locals.city = resolved;
    return resolved;
  }

  /** The origin of the request's own city, for answers that need nothing else (sitemaps, the feed). */
  async function cityOrigin(req: ExpressRequest, res: ExpressResponse): Promise<string> {
    return app.originFor(req.protocol, hostOf(req), (await cityFor(req, res)).city);
  }

  /** React Router's getLoadContext: the app's context for Express's request and answer. */
  async function getLoadContext(req: ExpressRequest, res: ExpressResponse) {
    const page: PageRequest = {
      method: req.method,
      host: hostOf(req),
      protocol: req.protocol,
      ip: req.ip,
      cookie: req.headers.cookie,
      userAgent: req.get("user-agent"),
      bot: edgeSaysBot(req, res),
      nonce: String(res.locals.nonce ?? ""),
      // Set by the request log, first in the pipeline (server/request-log.ts).
      requestId: res.getHeader(REQUEST_ID_HEADER)?.toString(),
      // Normally resolved (and the cookie arranged) by the resolveCity middleware already.
      city: await cityFor(req, res),
      setCookie: (cookie) => {
        if (!res.headersSent) res.append("Set-Cookie", cookie);
      },
    };
    return app(page);
  }

  return Object.assign(getLoadContext, { warmUp: app.warmUp, resolveCity, content: app.content, sitemaps, cityOrigin });
}
