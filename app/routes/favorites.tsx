/**
 * /favorites (§2, §3, §4): the visitor's favourite groups as cards. The ids live in local storage;
 * after hydration a fetcher loads their cards from /favorites/cards (ADR 026). Groups the catalogue
 * no longer has are dropped from the list, and the page says so once. Personal: no `headers`
 * export (private, never in the page cache), noindex, disallowed in robots.txt.
 */
import type { Route } from "./+types/favorites";
import type { loader as cardsLoader } from "./favorites-cards.ts";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { useSavedItems, type AnswerOf } from "#app/features/shopping/use-saved-list.ts";
import { DroppedNotice, EmptyList, NeedsJavaScript } from "#app/features/shopping/saved-page.tsx";
import { pluralRu } from "#contract/plural.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { ProductGrid } from "#app/features/catalog/product-card.tsx";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";

const CRUMBS = [{ title: "Избранное", href: "/favorites" }];

export async function loader({ context }: Route.LoaderArgs) {
  const seo = resolveSeo(await context.content.seo(context.city), "/favorites", context.originForCity(context.city), {
    title: "Избранное",
    description: "Товары, которые вы отложили в избранное.",
  });
  seo.robots = "noindex, follow";
  return { seo };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function FavoritesPage() {
  const { list, ids, byId: cards, answer, dropped, unknown, loading, retry } = useSavedItems<AnswerOf<typeof cardsLoader>>("favorites", "/favorites/cards");

  const shown = (ids ?? []).flatMap((id): ProductCardView[] => {
    const card = cards.get(id);
    return card ? [card] : [];
  });

  return (
    <div className="saved-page">
      <Breadcrumbs items={CRUMBS} />
      <div className="saved-page__head">
        <h1>Избранное</h1>
        {/* Always there (empty until hydrated): on a phone it is a line of its own, reserved. */}
        <p className="saved-page__total" data-testid="favorites-total">
          {ids?.length ? `${ids.length} ${pluralRu(ids.length, ["товар", "товара", "товаров"])}` : null}
        </p>
      </div>
      <NeedsJavaScript what="Избранное" />
      <DroppedNotice count={dropped} from="из избранного" />
      <div className="saved-page__body" aria-busy={loading || ids === null}>
        {ids === null ? null : ids.length === 0 ? (
          <EmptyList title="В избранном пока пусто">Нажмите на сердечко на карточке товара, чтобы сохранить его здесь и вернуться к нему позже.</EmptyList>
        ) : answer?.failed && unknown ? (
          <div className="saved-page__empty" role="alert">
            <p className="saved-page__empty-title">Не удалось загрузить избранное</p>
            <button type="button" className="button" onClick={retry}>
              Повторить
            </button>
          </div>
        ) : shown.length ? (
          <>
            <ProductGrid products={shown} />
            <div className="saved-page__actions">
              <button type="button" className="button" onClick={() => list.clear()}>
                Очистить избранное
              </button>
            </div>
          </>
        ) : (
          <p className="saved-page__loading">Загружаем избранное…</p>
        )}
      </div>
    </div>
  );
}
