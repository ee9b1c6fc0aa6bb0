/**
 * Shared content that is the same for every visitor (init, cities, SEO, banners, slider,
 * static pages), read through a process cache. Failures are never cached.
 */
import type { Init, City, SeoEntry, Banner, Slide } from "#contract/content.ts";
import { fillCityTokens } from "#contract/city-tokens.ts";
import { endpoints } from "#contract/index.ts";
import { DEFAULT_MINIMAL_ORDER_PRICE } from "#contract/ordering-rules.ts";
import { createApiClient, type ApiResult } from "./api-client.server.ts";
import { createSharedCache, deepFreeze } from "./cache.server.ts";
import { sanitizeHtml } from "./sanitize.server.ts";
import type { Backend } from "./backend.server.ts";

/** §9: minimal order price default, also used when init fails (one value, contract/ordering-rules.ts). */
export { DEFAULT_MINIMAL_ORDER_PRICE };

export const EMPTY_INIT: Init = {
  colors: [],
  contacts: [],
  categories: [],
  footerCategories: [],
  orderInfoBlock: { printDeadline: "", minimalOrder: "", paymentTypes: "", deliveryInfo: "" },
  minimalOrderPrice: DEFAULT_MINIMAL_ORDER_PRICE,
};

const TTL = 30_000;
/** A few lists and the static pages (ADR 049; docs/architecture.md "Caches and their bounds"). */
const CONTENT_CACHE_BYTES = 4 * 1024 * 1024;

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService(backend: Backend, defaultTimeoutMs: number) {
  const api = createApiClient({ baseUrl: backend.baseUrl, fetch: backend.fetch, defaultTimeoutMs });
  const cache = createSharedCache({ name: "content", maxBytes: CONTENT_CACHE_BYTES, freshMs: TTL });
  backend.onChange(() => cache.clear());
  /** SEO entries with the city tokens filled, per answer (a new answer is a new object) and city id. */
  const filled = new WeakMap<readonly SeoEntry[], Map<number, SeoEntry[]>>();

  /** Cached list-like content: a failure gives the fallback and is not cached (§8). */
  function cachedList<T>(key: string, run: () => Promise<ApiResult<T>>, fallback: T): Promise<T> {
    return cache.get(key, async () => {
      const result = await run();
      // Stored answers are frozen by the cache: shared by every request.
      return result.ok ? { value: result.data, cacheable: true } : { value: fallback, cacheable: false };
    });
  }

  return {
    api,
    init: () => cachedList<Init>("init", () => api.call(endpoints.init, { params: { x: "web" } }), EMPTY_INIT),
    cities: () => cachedList<City[]>("cities", () => api.call(endpoints.cityList), []),
    /**
     * The SEO entries, with their city tokens ({city}, {cityIn}, {cityDative}) filled for `city`
     * (one entry serves every regional site, §1/§3); once per answer and city. `null` gives the
     * entries as the API sent them (warm-up).
     */
    seo: async (city: Pick<City, "id" | "title" | "titlePrepositional" | "titleDative"> | null) => {
      const entries = await cachedList<SeoEntry[]>("seo", () => api.call(endpoints.seoList), []);
      if (!city) return entries;
      let byCity = filled.get(entries);
      if (!byCity) filled.set(entries, (byCity = new Map()));
      let forCity = byCity.get(city.id);
      if (!forCity) {
        const fill = (text: string) => fillCityTokens(text, city);
        forCity = deepFreeze(
          entries.map((e) => ({ ...e, title: fill(e.title), description: fill(e.description), keywords: e.keywords && fill(e.keywords), h1: e.h1 && fill(e.h1) })),
        );
        byCity.set(city.id, forCity);
      }
      return forCity;
    },
    banners: () => cachedList<Banner[]>("banners", () => api.call(endpoints.bannerList), []),
    slider: () => cachedList<Slide[]>("slider", () => api.call(endpoints.sliderMain), []),
    /** Main content, sanitised (§5). The caller needs the error (404 vs unavailable), so the result is returned. */
    staticPage: (slug: string) =>
      cache.get(`static:${slug}`, async () => {
        const result = await api.call(endpoints.staticPageDetail, { params: { slug } });
        if (result.ok) result.data = { ...result.data, content: await sanitizeHtml(result.data.content) };
        return { value: result, cacheable: result.ok };
      }),
    clear: () => cache.clear(),
  };
}
