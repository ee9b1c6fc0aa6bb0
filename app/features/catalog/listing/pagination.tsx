import { setPage } from "#app/features/catalog/filter-path.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { listingHref, pageWindow, type ListingPlace } from "./links.ts";
import type { ListingView } from "./types.ts";

/** Page links (`page=N` segment; page 1 is the listing's own path). A new page scrolls to the top. */
export function Pagination({ view }: { view: ListingPlace & Pick<ListingView, "filters" | "page" | "pageCount"> }) {
  const { page, pageCount, filters } = view;
  return <PageLinks page={page} pageCount={pageCount} href={(n) => listingHref(view, setPage(filters, n))} />;
}

/**
 * The page-link bar of every paged list (listings, news, blog, promotions): "‹ Назад", the first,
 * the last and two pages either side of the current one, "Вперёд ›"; plain links, so it works
 * without JavaScript. `href(n)` spells page n's URL (each list has its own: a path segment, ?page).
 */
export function PageLinks({ page, pageCount, href }: { page: number; pageCount: number; href: (n: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 ? (
        <AppLink className="pagination__step" to={href(page - 1)} rel="prev">
          ‹ Назад
        </AppLink>
      ) : null}
      <ul>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pagination__page pagination__page--on" aria-current="page">
                  {n}
                </span>
              ) : (
                <AppLink className="pagination__page" to={href(n)} aria-label={`Страница ${n}`}>
                  {n}
                </AppLink>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <AppLink className="pagination__step" to={href(page + 1)} rel="next">
          Вперёд ›
        </AppLink>
      ) : null}
    </nav>
  );
}
