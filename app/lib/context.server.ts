/**
 * The typed load context every loader and action receives, built once per request:
 * the API client (with the auth cookie), shared content, the city, the site origin and the CSP nonce.
 *
 * Nothing here knows the HTTP server: server/load-context.ts reads Express's request into a
 * `PageRequest` (ADR 048). The city is resolved earlier, by the server's city middleware (mounted
 * before the page cache), which also writes the cityId cookie back: the cookie travels outside
 * the rendered (and cached) page, and the page cache keys on the resolved city id.
 */
import { isbot } from "isbot";
import type { City } from "#contract/content.ts";
import { CLIENT_IP_HEADER, SITE_ORIGIN_HEADER } from "#contract/auth.ts";
import { CITY_COOKIE, hostForCity, isMoscowHost, selectCity } from "#app/lib/city.ts";
import { bearerToken, createApiClient } from "./api-client.server.ts";
import type { Backend } from "./backend.server.ts";
import { createSharedCache } from "./cache.server.ts";
import { createContentService } from "./content.server.ts";
import { authCookieMigration, authCookies, cityCookie, managerCookie, readAuthCookies, readCookies } from "./cookies.server.ts";
import type { Env } from "./env.server.ts";
import { pageLimitedFetch } from "./page-limit.server.ts";
import { errorReportingConfig } from "./error-reporting-config.server.ts";
import { createIpLocator } from "./city-from-ip.server.ts";
import { createLimits, type Limits } from "#limits/limiter.ts";
import { REQUEST_ID_HEADER } from "#log/logger.ts";

export interface Site {
  /** Origin as the visitor sees it, e.g. "https://msk.example.ru". */
  origin: string;
  host: string;
  hostname: string;
  protocol: string;
  isMoscow: boolean;
}

/** The city of a request (§4) and the list it was chosen from. */
export interface ResolvedCity {
  city: City;
  cities: City[];
}

/** What the load context needs of one page request; the server fills it from its own request and answer. */
export interface PageRequest {
  method: string;
  /** Host, or X-Forwarded-Host from a trusted proxy; validated by the server's request guard. */
  host: string;
  /** "http" or "https", as the visitor sees it. */
  protocol: string;
  /** The visitor's IP (after the server's proxy trust). */
  ip: string | undefined;
  /** The Cookie header. */
  cookie: string | undefined;
  userAgent: string | undefined;
  /** Crawler or person as the nginx edge keyed it (ADR 060); unset: told from the user agent. */
  bot?: boolean;
  /** This answer's CSP nonce. */
  nonce: string;
  /** The request's id (X-Request-Id, ADR 056): the API calls made for it carry it too. */
  requestId?: string;
  /** The city, resolved by the server before the page cache (with its cookie already arranged). */
  city: ResolvedCity;
  /** Adds a Set-Cookie header to the answer; nothing once the headers are sent. */
  setCookie(cookie: string): void;
}

/** `limits`: the shop's rate limiter (server.ts makes one for the storefront and the embedded API). */
export function createAppContextFactory(env: Env, backend: Backend, limits: Limits = createLimits()) {
  const content = createContentService(backend, env.REQUEST_TIMEOUT);
  /** Anonymous catalogue reads, shared by every request (API_CACHE_TTL; cleared on catalogue changes). */
  const readCache =
    env.API_CACHE_TTL > 0
      ? createSharedCache({ name: "api", maxBytes: env.API_CACHE_MB * 1024 * 1024, freshMs: env.API_CACHE_TTL * 1000, staleMs: env.API_CACHE_TTL * 10_000 })
      : undefined;
  if (readCache) backend.onChange(() => readCache.clear());
  /** The visitor's city from their IP (ADR 062): only with DADATA_API_KEY; one per process, its cache shared. */
  const ipLocator = env.DADATA_API_KEY ? createIpLocator({ apiKey: env.DADATA_API_KEY, baseUrl: env.DADATA_URL, limits, log: env.LOG_LEVEL === "silent" ? () => {} : undefined }) : null;

  /**
   * §4 city selection from the host (without port) and the cityId cookie; `cookie` is the
   * write-back when the stored id differs.
   */
  function chooseCity(host: string, cookieHeader: string | undefined, cities: City[]): { resolved: ResolvedCity; cookie: string | null } {
    const stored = readCookies(cookieHeader)[CITY_COOKIE];
    const hostname = host.replace(/:\d+$/, "").toLowerCase();
    const city = selectCity(cities, hostname, stored);
    // §4: the chosen id is written back.
    const cookie = stored !== String(city.id) ? cityCookie(hostname, city.id, env.COOKIE_DOMAIN) : null;
    return { resolved: { city, cities }, cookie };
  }

  /** Origin on which a city lives for a request's protocol and host (§1: the regional variant carries the prefix). */
  const originFor = (protocol: string, host: string, target: Pick<City, "domainPrefix">) => `${protocol}://${hostForCity(host, target)}`;

  async function createLoadContext(req: PageRequest) {
    const cookies = readCookies(req.cookie);
    const host = req.host;
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
    if (found.legacy) {
      for (const c of authCookieMigration(hostname, { ...found, token, refreshToken }, env.COOKIE_DOMAIN)) req.setCookie(c);
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
      // The request's id, so the API's lines about this page's calls carry it (ADR 056).
      headers: {
        ...(req.ip ? { [CLIENT_IP_HEADER]: req.ip, "X-Forwarded-For": req.ip } : {}),
        [SITE_ORIGIN_HEADER]: site.origin,
        ...(req.requestId ? { [REQUEST_ID_HEADER]: req.requestId } : {}),
      },
      onTokens: (tokens) => {
        // §4/§8: a session the API refused for good is signed out here, as a logout would: the
        // pages of this request render for a guest, the cookies (and the manager choice) go.
        if (!tokens) context.isAuthenticated = false;
        for (const c of authCookies(hostname, tokens, env.COOKIE_DOMAIN, https)) req.setCookie(c);
        if (!tokens) req.setCookie(managerCookie(hostname, null, env.COOKIE_DOMAIN, https));
      },
    });
    // Cookies with nothing usable in them (junk, a token without its pair) are cleared at once.
    if (hadSession && !token && !refreshToken) {
      for (const c of authCookies(hostname, null, env.COOKIE_DOMAIN, https)) req.setCookie(c);
    }

    const { city, cities } = req.city;

    const context = {
      api,
      content,
      cities,
      city,
      site,
      /** Origin on which a city lives (§1: regional variant carries the prefix). */
      originForCity: (target: Pick<City, "domainPrefix">) => originFor(protocol, host, target),
      nonce: req.nonce,
      isBot: req.bot ?? isbot(req.userAgent ?? ""),
      /** A session cookie came with the request, and the API has not refused it for good (then false). */
      isAuthenticated: Boolean(token || refreshToken),
      appEnv: env.APP_ENV,
      cookieDomain: env.COOKIE_DOMAIN,
      /** The contacts page's map widget (YANDEX_MAPS_KEY); null = a map picture. */
      mapsKey: env.YANDEX_MAPS_KEY ?? null,
      /** §9 Yandex Metrika counter (METRIKA_ID, digits); null = no analytics tag at all. */
      metrikaId: env.METRIKA_ID ? Number(env.METRIKA_ID) : null,
      /** Error reporting in the browser (SENTRY_DSN, ADR 058); null = no SDK is downloaded. */
      errorReporting: errorReportingConfig(env),
      /** DADATA_API_KEY for the address suggestions (server only: pages get a boolean). */
      dadataKey: env.DADATA_API_KEY ?? null,
      /** DADATA_URL: the root of DaData's suggestions API. */
      dadataUrl: env.DADATA_URL,
      /**
       * What DaData says of this visitor's IP (ADR 062), or §8's synthetic 400; null without
       * DADATA_API_KEY (nothing is asked, the page offers nothing).
       */
      locateVisitor: ipLocator ? () => ipLocator.locate(req.ip) : null,
    };
    return context;
  }

  /** Fills the shared content cache before the first visitor arrives (failures are not cached). */
  const warmUp = () => Promise.all([content.init(), content.cities(), content.seo(null)]).then(() => {});

  return Object.assign(createLoadContext, { warmUp, chooseCity, originFor, content });
}

export type AppContextFactory = ReturnType<typeof createAppContextFactory>;
export type AppContext = Awaited<ReturnType<AppContextFactory>>;

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
