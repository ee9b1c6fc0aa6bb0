import { clearFilters, filterDepth } from "#app/features/catalog/filter-path.ts";
import { ShopEmptyResults } from "#app/components/empty-results.tsx";
import { ProductGrid } from "#app/features/catalog/product-card.tsx";
import { itemListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { AppLink } from "#app/lib/navigation.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { FiltersPanel, RESULTS_ID } from "./filters-panel.tsx";
import { listingHref } from "./links.ts";
import { pluralRu } from "#contract/plural.ts";
import { Pagination } from "./pagination.tsx";
import { SortBar } from "./sort-bar.tsx";
import type { ListingView } from "./types.ts";

/**
 * A product listing with its filters, order and pages (category, brand and curated lists share it).
 * Without facets (filter/all failed) the products are shown alone.
 */
export function Listing({ view, emptyMessage = "В этом разделе пока нет товаров." }: { view: ListingView; emptyMessage?: string }) {
  const filtered = filterDepth(view.filters) > 0;
  const origin = useRootData()?.origin ?? "";
  return (
    <div className={view.facets ? "listing" : "listing listing--no-filters"}>
      {view.facets ? <FiltersPanel view={{ ...view, facets: view.facets }} /> : null}
      <section className="listing__main" aria-label="Товары" id={RESULTS_ID}>
        <div className="listing__bar">
          <p className="listing__total" data-testid="listing-total">
            {view.total > 0 ? `Найдено ${view.total} ${pluralRu(view.total, ["товар", "товара", "товаров"])}` : "Ничего не найдено"}
          </p>
          {view.cards.length > 0 ? <SortBar view={view} /> : null}
        </div>
        {view.cards.length > 0 ? (
          <ProductGrid products={view.cards} />
        ) : (
          <div className="listing__empty">
            <p className="listing__empty-title">{filtered ? "По выбранным фильтрам товаров не найдено." : emptyMessage}</p>
            {filtered ? (
              <p>
                <AppLink className="button" to={listingHref(view, clearFilters(view.filters))}>
                  Сбросить фильтры
                </AppLink>
              </p>
            ) : null}
            <ShopEmptyResults />
          </div>
        )}
        <Pagination view={view} />
      </section>
      {view.cards.length > 0 ? <JsonLd data={itemListJsonLd(origin, view.cards)} /> : null}
    </div>
  );
}
