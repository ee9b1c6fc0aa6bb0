import { setPage } from "#app/features/catalog/filter-path.ts";
import { listingHref, pageWindow } from "./links.ts";
import type { ListingPage } from "./types.ts";

/** Page links (`page=N` segment; page 1 is the listing's own path). A new page scrolls to the top. */
export function Pagination({ view }: { view: ListingPage }) {
  const { page, pageCount, filters } = view;
  if (pageCount <= 1) return null;
  const href = (n: number) => listingHref(view, setPage(filters, n));
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 ? (
        <a className="pagination__step" href={href(page - 1)} rel="prev">
          ‹ Назад
        </a>
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
                <a className="pagination__page" href={href(n)} aria-label={`Страница ${n}`}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <a className="pagination__step" href={href(page + 1)} rel="next">
          Вперёд ›
        </a>
      ) : null}
    </nav>
  );
}
