/**
 * The typed load context every loader and action receives, built once per request:
 * the API client (with the auth cookie), shared content, the city, the site origin and the CSP nonce.
 *
 * The city is resolved earlier, by the `resolveCity` middleware (mounted before the page cache),
 * which also writes the cityId cookie back: the cookie travels outside the rendered (and cached)
 * page, and the page cache keys on the resolved city id.
 */
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { isbot } from "isbot";
import type { City } from "#contract/content.ts";
import { CLIENT_IP_HEADER } from "#contract/auth.ts";
import { SITE_ORIGIN_HEADER } from "#app/features/subscription/subscription.server.ts";
import { CITY_COOKIE, hostForCity, isMoscowHost, selectCity } from "#app/features/city/city.ts";
import { bearerToken, createApiClient } from "./api-client.server.ts";
import type { Backend } from "./backend.server.ts";
import { createSharedCache } from "./cache.server.ts";
import { createContentService } from "./content.server.ts";
import { authCookieMigration, authCookies, cityCookie, managerCookie, readAuthCookies, readCookies } from "./cookies.server.ts";
import type { Env } from "./env.server.ts";
import { pageLimitedFetch } from "./page-limit.server.ts";
import { createLimits, type Limits } from "#limits/limiter.ts";
import { createSitemapService } from "#app/features/seo/sitemap.server.ts";

export interface Site {
  /** Origin as the visitor sees it, e.g. "https://msk.example.ru". */
  origin: string;
  host: string;
  hostname: string;
  protocol: string;
  isMoscow: boolean;
}

/** What the city middleware leaves in `res.locals.city` for the page cache and the load context. */
export interface ResolvedCity {
  city: City;
  cities: City[];
}

/** The city resolved for this response by `resolveCity`, if it ran. */
export function resolvedCity(res: ExpressResponse): ResolvedCity | undefined {
  return res.locals.city as ResolvedCity | undefined;
}

/** `limits`: the shop's rate limiter (server.ts makes one for the storefront and the embedded API). */
export function createContextFactory(env: Env, backend: Backend, limits: Limits = createLimits()) {
  const content = createContentService(backend, env.REQUEST_TIMEOUT);
  const sitemaps = createSitemapService(backend, env.REQUEST_TIMEOUT);
  /** Anonymous catalogue reads, shared by every request (API_CACHE_TTL; cleared on catalogue changes). */
  const readCache =
    env.API_CACHE_TTL > 0
      ? createSharedCache({ maxBytes: env.API_CACHE_MB * 1024 * 1024, freshMs: env.API_CACHE_TTL * 1000, staleMs: env.API_CACHE_TTL * 10_000 })
      : undefined;
  if (readCache) backend.onChange(() => readCache.clear());

  /**
   * The host the visitor asked for: Host, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY).
   * The request guard (server/request-guard.ts) has answered 400 to any request where it is not a
   * valid host, so origins and cookie attributes may be built from it.
   */
  const hostOf = (req: ExpressRequest) => req.host || `localhost:${env.PORT}`;

  /** §4 city selection from the Host and the cityId cookie; `cookie` is the write-back when the stored id differs. */
  function chooseCity(req: ExpressRequest, cities: City[]): { resolved: ResolvedCity; cookie: string | null } {
    const stored = readCookies(req.headers.cookie)[CITY_COOKIE];
    const hostname = hostOf(req).replace(/:\d+$/, "").toLowerCase();
    const city = selectCity(cities, hostname, stored);
    // §4: the chosen id is written back.
    const cookie = stored !== String(city.id) ? cityCookie(hostname, city.id, env.COOKIE_DOMAIN) : null;
    return { resolved: { city, cities }, cookie };
  }

  /**
   * Express middleware, mounted before the page cache and the React Router handler: resolves the
   * city into `res.locals.city` and adds the cityId cookie when the headers are written, so it is
   * part of every answer that needs it, cached page or not. Left out of answers that are public
   * (a shared cache must not replay a cookie: sitemaps, robots.txt) and of answers that set
   * cityId themselves (the /city switch wins). The city list falls back to an empty list, and
   * selectCity then to the built-in Москва / Россия. Anything that still throws goes to the error
   * handler (an async handler's rejection is Express 5's next(error)): a throw in a bare promise
   * callback here once took the whole process down (issue 16).
   */
  const resolveCity: RequestHandler = async (req, res, next) => {
    const { resolved, cookie } = chooseCity(req, await content.cities());
    res.locals.city = resolved;
    if (cookie) {
      const writeHead = res.writeHead as (...args: unknown[]) => ExpressResponse;
      res.writeHead = function (this: ExpressResponse, ...args: unknown[]) {
        res.writeHead = writeHead as ExpressResponse["writeHead"];
        const setCookies = [res.getHeader("set-cookie") ?? []].flat().map(String);
        const isPublic = /\bpublic\b/i.test(String(res.getHeader("cache-control") ?? ""));
        if (!isPublic && !setCookies.some((c) => c.startsWith(`${CITY_COOKIE}=`))) res.append("Set-Cookie", cookie);
        return writeHead.apply(this, args);
      } as ExpressResponse["writeHead"];
    }
    next();
  };

  /** The city of this request: from the middleware, or resolved here (cookie appended at once). */
  async function cityFor(req: ExpressRequest, res: ExpressResponse): Promise<ResolvedCity> {
    const known = resolvedCity(res);
    if (known) return known;
    const { resolved, cookie } = chooseCity(req, await content.cities());
    if (cookie && !res.headersSent) res.append("Set-Cookie", cookie);
    res.locals.city = resolved;
    return resolved;
  }

  /** Origin on which a city lives for this request's host (§1: the regional variant carries the prefix). */
  const originFor = (req: ExpressRequest, target: Pick<City, "domainPrefix">) =>
    `${req.protocol}://${hostForCity(hostOf(req), target)}`;

  /** The origin of the request's own city, for answers that need nothing else (sitemaps). */
  async function cityOrigin(req: ExpressRequest, res: ExpressResponse): Promise<string> {
    return originFor(req, (await cityFor(req, res)).city);
  }

  async function createLoadContext(req: ExpressRequest, res: ExpressResponse) {
    const cookies = readCookies(req.headers.cookie);
    const host = hostOf(req);
    const hostname = host.replace(/:\d+$/, "").toLowerCase();
    const protocol = req.protocol;
    const site: Site = { origin: `${protocol}://${host}`, host, hostname, protocol, isMoscow: isMoscowHost(hostname) };
    const https = protocol === "https";
    const found = readAuthCookies(cookies, https);
    // A cookie that cannot be a bearer token is no token (not a crash in Headers).
    const token = bearerToken(found.token);
    const refreshToken = bearerToken(found.refreshToken);
    // A cookie the API will refuse still means a session to end: its answer clears the cookies.
    const hadSession = Boolean(found.token || found.refreshToken);
    // On https, a session in the plain cookies of before the `__Secure-` prefix moves to the prefixed ones.
    if (found.legacy && !res.headersSent) {
      for (const c of authCookieMigration(hostname, { ...found, token, refreshToken }, env.COOKIE_DOMAIN)) res.append("Set-Cookie", c);
    }

    const api = createApiClient({
      baseUrl: backend.baseUrl,
      // A form post or fetcher submission that writes through the API counts in the `page` tier.
      fetch: req.method === "GET" || req.method === "HEAD" ? backend.fetch : pageLimitedFetch(backend.fetch, limits, req.ip),
      defaultTimeoutMs: env.REQUEST_TIMEOUT,
      readCache,
      // Only a refresh token (the access token's cookie gone): the first call that needs the user refreshes.
      tokens: token || refreshToken ? { token, refreshToken } : null,
      // The visitor's IP for the API's per-IP limits (ADR 033, 041) and the origin for links in letters.
      // X-Forwarded-For too: an API_URL that is another instance of this server finds the visitor
      // in it when its TRUST_PROXY names this one (its /api listener sets X-Client-IP from req.ip).
      headers: { ...(req.ip ? { [CLIENT_IP_HEADER]: req.ip, "X-Forwarded-For": req.ip } : {}), [SITE_ORIGIN_HEADER]: site.origin },
      onTokens: (tokens) => {
        // §4/§8: a session the API refused for good is signed out here, as a logout would: the
        // pages of this request render for a guest, the cookies (and the manager choice) go.
        if (!tokens) context.isAuthenticated = false;
        if (res.headersSent) return;
        for (const c of authCookies(hostname, tokens, env.COOKIE_DOMAIN, https)) res.append("Set-Cookie", c);
        if (!tokens) res.append("Set-Cookie", managerCookie(hostname, null, env.COOKIE_DOMAIN, https));
      },
    });
    // Cookies with nothing usable in them (junk, a token without its pair) are cleared at once.
    if (hadSession && !token && !refreshToken && !res.headersSent) {
      for (const c of authCookies(hostname, null, env.COOKIE_DOMAIN, https)) res.append("Set-Cookie", c);
    }

    // Normally resolved (and the cookie written) by the resolveCity middleware already.
    const { city, cities } = await cityFor(req, res);

    const context = {
      api,
      content,
      cities,
      city,
      site,
      /** Origin on which a city lives (§1: regional variant carries the prefix). */
      originForCity: (target: Pick<City, "domainPrefix">) => originFor(req, target),
      nonce: String(res.locals.nonce ?? ""),
      isBot: isbot(req.get("user-agent") ?? ""),
      /** A session cookie came with the request, and the API has not refused it for good (then false). */
      isAuthenticated: Boolean(token || refreshToken),
      appEnv: env.APP_ENV,
      cookieDomain: env.COOKIE_DOMAIN,
      /** The contacts page's map widget (YANDEX_MAPS_KEY); null = a map picture. */
      mapsKey: env.YANDEX_MAPS_KEY ?? null,
      /** §9 Yandex Metrika counter (METRIKA_ID, digits); null = no analytics tag at all. */
      metrikaId: env.METRIKA_ID ? Number(env.METRIKA_ID) : null,
      /** DADATA_API_KEY for the address suggestions (server only: pages get a boolean). */
      dadataKey: env.DADATA_API_KEY ?? null,
    };
    return context;
  }

  /** Fills the shared content cache before the first visitor arrives (failures are not cached). */
  const warmUp = () => Promise.all([content.init(), content.cities(), content.seo(null)]).then(() => {});

  return Object.assign(createLoadContext, { warmUp, resolveCity, content, sitemaps, cityOrigin });
}

export type AppContext = Awaited<ReturnType<ReturnType<typeof createContextFactory>>>;

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
