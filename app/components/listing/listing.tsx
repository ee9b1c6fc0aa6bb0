import { preload } from "react-dom";
import { clearFilters, filterDepth } from "#app/features/catalog/filter-path.ts";
import { ShopEmptyResults } from "#app/components/empty-results.tsx";
import { JsonLdMarkup } from "#app/lib/json-ld.tsx";
import { markupProps } from "#app/lib/packed.ts";
import { FiltersPanel } from "./filters-panel.tsx";
import { listingHref, pluralRu } from "./links.ts";
import { Pagination } from "./pagination.tsx";
import { SortBar } from "./sort-bar.tsx";
import type { ListingPage } from "./types.ts";

/**
 * A product listing with its filters, order and pages (category, brand and curated lists share it).
 * Without facets (filter/all failed) the products are shown alone. The product grid is markup built
 * on the server (listing-page.server.ts, ADR 013); the first row's pictures are preloaded, as React
 * does for an eager <img>.
 */
export function Listing({ view, emptyMessage = "В этом разделе пока нет товаров." }: { view: ListingPage; emptyMessage?: string }) {
  const filtered = filterDepth(view.filters) > 0;
  for (const src of view.eagerImages) preload(src, { as: "image" });
  return (
    <div className={view.facets ? "listing" : "listing listing--no-filters"}>
      {view.facets ? <FiltersPanel view={{ ...view, facets: view.facets }} /> : null}
      <section className="listing__main" aria-label="Товары">
        <div className="listing__bar">
          <p className="listing__total" data-testid="listing-total">
            {view.total > 0 ? `Найдено ${view.total} ${pluralRu(view.total, ["товар", "товара", "товаров"])}` : "Ничего не найдено"}
          </p>
          {view.cardCount > 0 ? <SortBar view={view} /> : null}
        </div>
        {view.cardCount > 0 ? (
          <div className="product-grid" {...markupProps(view.grid)} />
        ) : (
          <div className="listing__empty">
            <p className="listing__empty-title">{filtered ? "По выбранным фильтрам товаров не найдено." : emptyMessage}</p>
            {filtered ? (
              <p>
                <a className="button" href={listingHref(view, clearFilters(view.filters))}>
                  Сбросить фильтры
                </a>
              </p>
            ) : null}
            <ShopEmptyResults />
          </div>
        )}
        <Pagination view={view} />
      </section>
      {view.itemsJsonLd ? <JsonLdMarkup value={view.itemsJsonLd} /> : null}
    </div>
  );
}
