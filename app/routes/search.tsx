/**
 * Search page (§2 `search`, search layout; issue 18, ADR 029): `/search` and `/search/*` (two route
 * entries, this one module). URLs in app/features/search/search-path.ts:
 *
 * - `/search?text=…` (the header form without JavaScript) → 302 to the canonical path; an empty
 *   text shows the page with a message and the field, without any API call;
 * - `/search/text=…` and `/search/filter/text=…/{filters...}`: brands and categories found
 *   (search/global) above the products (product/search + filter/all, the catalogue's listing
 *   module with its facets, order and pages, all links and GET forms: no JavaScript needed);
 * - an exact SKU (search/global `exactProduct`) → 302 to that product's page;
 * - no results → the §2 empty-results block. Every search page is `noindex,follow` (and none is in
 *   the sitemap: robots.txt disallows /search).
 */
import { useEffect } from "react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/search";
import { endpoints } from "#contract/index.ts";
import { filterFormRedirect, loadListing, pageQueryRedirect } from "#app/features/catalog/listing.server.ts";
import { buildFilterPath, emptyFilters, formDataToFilters, isFilterFormSubmission, ROBOTS_NOINDEX } from "#app/features/catalog/filter-path.ts";
import { productHref } from "#app/features/catalog/card-view.ts";
import { normalizeSearchText, parseSearchPath, searchPath, SEARCH_PATH, MAX_SEARCH_TEXT } from "#app/features/search/search-path.ts";
import { exactProductOf, foundSet, type FoundSet } from "#app/features/search/search-view.ts";
import { noResultsView, readingView, type NoResultsView, type ReadingView } from "#app/features/search/search-reading.ts";
import { useSearchHistory } from "#app/features/shopping/personal-state.tsx";
import { FILTER_WORD_MESSAGE } from "#app/lib/filters.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { startedOnThisSite } from "#app/lib/fetch-site.server.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { seoMeta, SITE_NAME, type PageSeo } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { Listing } from "#app/features/catalog/listing/listing.tsx";
import { pluralRu } from "#contract/plural.ts";
import { ShopEmptyResults } from "#app/components/empty-results.tsx";
import searchStyles from "#app/styles/search.css?url";
import { quoted } from "#contract/quotes.ts";


export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: searchStyles }];

function searchSeo(origin: string, path: string, title: string, description: string): PageSeo {
  // Search results are endless near-duplicates of the catalogue: never indexed, links followed.
  return { title: `${title} | ${SITE_NAME}`, description, keywords: null, canonical: origin + path, robots: ROBOTS_NOINDEX };
}

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const origin = context.originForCity(context.city);

  if (url.pathname === SEARCH_PATH) {
    const text = normalizeSearchText(url.searchParams.get("text") ?? "");
    if (text) {
      // The header form (and a filter form posted here) → the one canonical path.
      const filters = isFilterFormSubmission(url.searchParams) ? formDataToFilters(url.searchParams) : emptyFilters();
      throw redirect(searchPath(text, filters), 302);
    }
    return {
      kind: "empty" as const,
      seo: searchSeo(origin, SEARCH_PATH, "Поиск по каталогу", "Поиск сувениров и промопродукции с логотипом в каталоге ТМГ: по названию, артикулу или бренду."),
    };
  }

  const parsed = parseSearchPath(url.pathname);
  if (parsed.kind === "filter-word") throw data(FILTER_WORD_MESSAGE, { status: 404 });
  if (parsed.kind !== "results") notFound(url.pathname);
  const { text, filters, canonicalPath } = parsed;
  if (text) {
    const scope = { kind: "search", text } as const;
    const submitted = filterFormRedirect(url, scope);
    if (submitted) throw submitted;
  }
  const scope = { kind: "search", text } as const;
  // A page number in the query goes into the path (a page past the last is then the §2 404).
  const paged = text ? pageQueryRedirect(url, scope, filters) : null;
  if (paged) throw paged;
  // Another spelling of the same search (or an empty query: /search) → 301; campaign tags are kept.
  if (url.pathname !== canonicalPath) throw redirect(canonicalPath + url.search, 301);

  const segments = buildFilterPath(filters).split("/").filter(Boolean);
  // Both calls at once; the SKU redirect goes first, so the listing's own 404/503 waits for it.
  // A logged-in visitor's history records the searches they ran here, not a link another site opened (issue 25).
  const remember = context.isAuthenticated ? (startedOnThisSite(request.headers, context.site) ? "1" : "0") : undefined;
  const globalCall = context.api.call(endpoints.searchGlobal, { query: { text, limit: 1, remember } });
  const cardColors = globalCall.then(
    (r) => (r.ok ? (r.data.reading?.colors.map((c) => c.slug) ?? []) : []),
    () => [],
  );
  const listingCall = loadListing({ context, scope, filters, segments, pathname: url.pathname, cardColors });
  listingCall.catch(() => {});
  const global = await globalCall;
  if (global.ok && segments.length === 0) {
    const groupId = exactProductOf(global.data);
    if (groupId) throw redirect(productHref(groupId), 302);
  }
  const { view } = await listingCall;
  // §8: brands and categories are secondary: a failed call only hides them.
  const found: FoundSet = global.ok ? foundSet(global.data) : { brands: [], categories: [] };
  // Issue 25: how the words were read (colours, sizes, words not found) and, for nothing found,
  // where to go instead; hidden like the rest when search/global fails.
  const reading: ReadingView = global.ok ? readingView(text, global.data.reading, filters) : { chips: [], notice: null };
  const noResults: NoResultsView = global.ok ? noResultsView(global.data.suggestions) : { queries: [], categories: [] };

  const page = view.page > 1 ? `, страница ${view.page}` : "";
  const seo = searchSeo(
    origin,
    canonicalPath,
    `Поиск ${quoted(text)}${page}`,
    view.total > 0
      ? `${quoted(text)}: ${view.total} ${pluralRu(view.total, ["товар", "товара", "товаров"])} с нанесением логотипа в каталоге ТМГ.`
      : `${quoted(text)}: поиск по каталогу сувениров и промопродукции ТМГ.`,
  );
  // Guests' pages are shared (page cache): for them it is always true, and their local history decides.
  return { kind: "results" as const, text, found, reading, noResults, listing: view, seo, recordHistory: remember !== "0" };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const text = loaderData.kind === "results" ? loaderData.text : "";
  // Every search shown goes to the visitor's history (the header form, a link, a history entry),
  // unless the server did not record it (a logged-in visitor sent here by another site).
  const record = loaderData.kind === "results" && loaderData.recordHistory;
  const { add } = useSearchHistory();
  useEffect(() => {
    if (text && record) add(text);
    // Once per search shown (`add` is new on every render; a removed entry must not come back).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, record]);

  if (loaderData.kind === "empty") return <EmptySearch />;
  const { found, reading, noResults, listing } = loaderData;
  const nothing = listing.total === 0 && buildFilterPath(listing.filters) === "" && found.brands.length === 0 && found.categories.length === 0;
  return (
    <div className="listing-page search-page">
      <h1>
        Результаты поиска <span className="search-page__query">{quoted(text)}</span>
      </h1>
      {nothing ? (
        <div className="listing__empty search-page__empty">
          <p className="listing__empty-title">По запросу {quoted(text)} ничего не найдено.</p>
          <Suggestions view={noResults} />
          <ShopEmptyResults />
        </div>
      ) : (
        <>
          <Reading view={reading} />
          <Found found={found} />
          <Listing view={listing} emptyMessage={`По запросу ${quoted(text)} товаров не найдено.`} />
        </>
      )}
    </div>
  );
}

/** Brands and categories found, above the products (issue 18). */
function Found({ found }: { found: FoundSet }) {
  if (found.categories.length === 0 && found.brands.length === 0) return null;
  return (
    <div className="search-found">
      {found.categories.length > 0 ? (
        <section className="search-found__group" aria-labelledby="search-found-categories">
          <h2 id="search-found-categories" className="search-found__title">
            Категории
          </h2>
          <ul className="search-found__categories">
            {found.categories.map((c) => (
              <li key={c.href}>
                {c.crumbs.length > 0 ? (
                  <span className="search-found__crumbs">
                    {c.crumbs.map((crumb) => (
                      <span key={crumb.href}>{crumb.title} / </span>
                    ))}
                  </span>
                ) : null}
                <AppLink to={c.href} prefetch="none">
                  {c.title}
                </AppLink>{" "}
                <span className="search-found__count">{c.count}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {found.brands.length > 0 ? (
        <section className="search-found__group" aria-labelledby="search-found-brands">
          <h2 id="search-found-brands" className="search-found__title">
            Бренды
          </h2>
          <ul className="search-found__brands">
            {found.brands.map((b) => (
              <li key={b.href}>
                <AppLink className="filter-chip" to={b.href} prefetch="none">
                  {b.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * How the words were read (issue 25): words not found, or no product with them all; the colours and
 * sizes they named as chips, each a link to the same search without those words.
 */
function Reading({ view }: { view: ReadingView }) {
  if (!view.notice && view.chips.length === 0) return null;
  return (
    <div className="search-reading">
      {view.notice ? (
        <p className="search-reading__notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {view.chips.length > 0 ? (
        <div className="search-reading__applied">
          <span id="search-reading-applied">Учли в запросе:</span>
          <ul aria-labelledby="search-reading-applied">
            {view.chips.map((chip) => (
              <li key={chip.key}>
                <AppLink className="filter-chip" to={chip.href} rel="nofollow" prefetch="none">
                  {chip.title}
                  <span aria-hidden="true"> ×</span>
                  <span className="visually-hidden"> — искать без этого</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Nothing found (issue 25): the nearest queries and categories before the §2 contacts. */
function Suggestions({ view }: { view: NoResultsView }) {
  if (view.queries.length === 0 && view.categories.length === 0) return null;
  return (
    <div className="search-suggestions">
      {view.queries.length > 0 ? (
        <section aria-labelledby="search-suggestions-queries">
          <h2 id="search-suggestions-queries" className="search-suggestions__title">
            Попробуйте найти
          </h2>
          <ul className="search-suggestions__list">
            {view.queries.map((q) => (
              <li key={q.href}>
                <AppLink className="filter-chip" to={q.href} rel="nofollow" prefetch="none">
                  {q.text}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.categories.length > 0 ? (
        <section aria-labelledby="search-suggestions-categories">
          <h2 id="search-suggestions-categories" className="search-suggestions__title">
            Разделы каталога
          </h2>
          <ul className="search-suggestions__list">
            {view.categories.map((c) => (
              <li key={c.href}>
                <AppLink className="filter-chip" to={c.href} prefetch="none">
                  {c.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** `/search` without a query: what to type, and the field (the header's works too). */
function EmptySearch() {
  return (
    <div className="search-page search-page--empty">
      <h1>Поиск по каталогу</h1>
      <p>Введите название товара, артикул или бренд — например, «ручка», «кружка с логотипом» или «Parker».</p>
      <Form method="get" action={SEARCH_PATH} className="search-page__form" role="search">
        <label htmlFor="search-page-text" className="visually-hidden">
          Что найти
        </label>
        <input id="search-page-text" name="text" type="search" maxLength={MAX_SEARCH_TEXT} placeholder="Что найти" autoComplete="off" required />
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </Form>
    </div>
  );
}
