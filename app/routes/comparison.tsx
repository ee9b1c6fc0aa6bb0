/**
 * /comparison (§2, §3, §4): the compared products side by side, a tab per category. The ids live in
 * local storage; after hydration a fetcher loads the products from /comparison/products (ADR 026).
 * Rows whose values differ are marked, and "Только различия" hides the others. On a phone the table
 * scrolls sideways with the property column kept in place. Personal: private, noindex.
 */
import { useState, type KeyboardEvent } from "react";
import type { Route } from "./+types/comparison";
import type { loader as productsLoader } from "./comparison-products.ts";
import { comparisonRows, type ComparedProduct } from "#app/features/comparison/comparison-table.ts";
import { useSavedItems, type AnswerOf } from "#app/features/shopping/use-saved-list.ts";
import { DroppedNotice, EmptyList, NeedsJavaScript } from "#app/features/shopping/saved-page.tsx";
import { formatPrice } from "#app/features/catalog/price.ts";
import { pluralRu } from "#contract/plural.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { AppLink } from "#app/lib/navigation.tsx";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { quoted } from "#contract/quotes.ts";

const CRUMBS = [{ title: "Сравнение товаров", href: "/comparison" }];

export async function loader({ context }: Route.LoaderArgs) {
  const seo = resolveSeo(await context.content.seo(context.city), "/comparison", context.originForCity(context.city), {
    title: "Сравнение товаров",
    description: "Сравните характеристики выбранных товаров.",
  });
  seo.robots = "noindex, follow";
  return { seo };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ComparisonPage() {
  const { list, ids, answer, byId, dropped, unknown, loading, retry } = useSavedItems<AnswerOf<typeof productsLoader>>("comparison", "/comparison/products");
  const [tab, setTab] = useState<number | null>(null);
  const [onlyDiffs, setOnlyDiffs] = useState(false);

  // Tabs of the categories that still have compared products, each in the list's order (newest first).
  const tabs = (answer?.categories ?? [])
    .map((c) => ({ ...c, products: (ids ?? []).filter((id) => c.productIds.includes(id) && byId.has(id)).map((id) => byId.get(id)!) }))
    .filter((c) => c.products.length > 0);
  const active = tabs.find((c) => c.id === tab) ?? tabs[0];

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    setTab(next.id);
    document.getElementById(`compare-tab-${next.id}`)?.focus();
  }

  return (
    <div className="saved-page compare-page">
      <Breadcrumbs items={CRUMBS} />
      <div className="saved-page__head">
        <h1>Сравнение товаров</h1>
        {/* Always there (empty until hydrated): on a phone it is a line of its own, reserved. */}
        <p className="saved-page__total" data-testid="comparison-total">
          {ids?.length ? `${ids.length} ${pluralRu(ids.length, ["товар", "товара", "товаров"])}` : null}
        </p>
      </div>
      <NeedsJavaScript what="Список сравнения" />
      <DroppedNotice count={dropped} from="из сравнения" />
      <div className="saved-page__body" aria-busy={loading || ids === null}>
        {ids === null ? null : ids.length === 0 ? (
          <EmptyList title="В сравнении пока нет товаров">Нажмите «Сравнить» на карточке или странице товара, чтобы сопоставить характеристики.</EmptyList>
        ) : answer?.failed && unknown ? (
          <div className="saved-page__empty" role="alert">
            <p className="saved-page__empty-title">Не удалось загрузить сравнение</p>
            <button type="button" className="button" onClick={retry}>
              Повторить
            </button>
          </div>
        ) : active ? (
          <>
            <div className="compare-page__bar">
              <div className="compare-page__tabs" role="tablist" aria-label="Категории">
                {tabs.map((c, i) => (
                  <button
                    key={c.id}
                    id={`compare-tab-${c.id}`}
                    type="button"
                    role="tab"
                    className="compare-page__tab"
                    aria-selected={c.id === active.id}
                    aria-controls="compare-panel"
                    tabIndex={c.id === active.id ? 0 : -1}
                    onClick={() => setTab(c.id)}
                    onKeyDown={(e) => onTabKey(e, i)}
                  >
                    {c.title} <span className="compare-page__tab-count">{c.products.length}</span>
                  </button>
                ))}
              </div>
              <div className="compare-page__tools">
                <label className="compare-page__diffs">
                  <input type="checkbox" checked={onlyDiffs} onChange={(e) => setOnlyDiffs(e.target.checked)} /> Только различия
                </label>
                <button type="button" className="button compare-page__clear" onClick={() => list.clear()}>
                  Очистить сравнение
                </button>
              </div>
            </div>
            <div id="compare-panel" role="tabpanel" aria-labelledby={`compare-tab-${active.id}`} className="compare-page__panel">
              <CompareTable products={active.products} onlyDiffs={onlyDiffs} onRemove={(id) => list.remove(id)} />
            </div>
          </>
        ) : (
          <p className="saved-page__loading">Загружаем сравнение…</p>
        )}
      </div>
    </div>
  );
}

function CompareTable({ products, onlyDiffs, onRemove }: { products: ComparedProduct[]; onlyDiffs: boolean; onRemove: (id: number) => void }) {
  const prices = products.map((p) => formatPrice(p.price));
  const rows = [
    { title: "Цена за шт.", values: prices, differs: products.length > 1 && new Set(prices).size > 1 },
    ...comparisonRows(products),
  ].filter((r) => !onlyDiffs || r.differs);
  return (
    <div className="compare-table__scroll" tabIndex={0} role="region" aria-label="Таблица сравнения">
      <table className="compare-table" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col" className="compare-table__corner">
              <span className="visually-hidden">Характеристика</span>
            </th>
            {products.map((p) => (
              <th key={p.id} scope="col" className="compare-table__product" data-testid="compared-product">
                <AppLink to={p.href} prefetch="none" className="compare-table__link">
                  <img src={p.image} alt="" width={140} height={140} loading="lazy" decoding="async" />
                  <span className="compare-table__title">{p.title}</span>
                </AppLink>
                <span className="compare-table__sku">Арт. {p.sku}</span>
                <button type="button" className="compare-table__remove" aria-label={`Убрать ${quoted(p.title)} из сравнения`} title="Убрать из сравнения" onClick={() => onRemove(p.id)}>
                  ×
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.title} className={row.differs ? "compare-table__row--differs" : undefined}>
              <th scope="row">
                {row.title}
                {row.differs ? <span className="visually-hidden"> (различается)</span> : null}
              </th>
              {row.values.map((value, i) => (
                <td key={products[i].id}>{value}</td>
              ))}
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <th scope="row">Различия</th>
              <td colSpan={products.length}>Характеристики этих товаров совпадают.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
