/** Pieces the /favorites and /comparison pages share: the no-JavaScript notice and the empty state. */
import type { ReactNode } from "react";
import { AppLink } from "#app/lib/navigation.tsx";
import { ShopEmptyResults } from "#app/components/empty-results.tsx";

/**
 * The lists live in the browser's local storage: without JavaScript there is nothing to show, and
 * the page says why (React renders <noscript> content on the server only).
 */
export function NeedsJavaScript({ what }: { what: string }) {
  return (
    <noscript>
      <div className="saved-page__empty">
        <p className="saved-page__empty-title">Включите JavaScript</p>
        <p>{what} хранится в вашем браузере: чтобы добавлять товары и видеть список, нужен JavaScript.</p>
        <ShopEmptyResults />
      </div>
    </noscript>
  );
}

export function EmptyList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="saved-page__empty" data-testid="saved-empty">
      <p className="saved-page__empty-title">{title}</p>
      <p>{children}</p>
      <AppLink to="/catalog" className="button button--primary">
        Перейти в каталог
      </AppLink>
    </div>
  );
}

/** Said once after the page dropped ids the catalogue no longer has. */
export function DroppedNotice({ count, from }: { count: number; from: string }) {
  if (!count) return null;
  return (
    <p className="saved-page__note" role="status">
      {count === 1 ? "Один товар больше не продаётся" : `Товаров, которые больше не продаются: ${count}`} — мы убрали {count === 1 ? "его" : "их"} {from}.
    </p>
  );
}
