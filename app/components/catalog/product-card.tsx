import { preload } from "react-dom";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { escapeHtml, safeHex, safeUrl } from "#app/lib/html.ts";

const BADGE_TITLES = { new: "Новинка", best: "Хит", recommended: "Рекомендуем" } as const;

/**
 * A product card. Plain <a> (intercepted for client navigation, ADR 002); the image has fixed
 * dimensions so the grid never shifts (CLS), and only the first row loads eagerly.
 *
 * The card has no behaviour of its own and a page shows dozens of them, so its inside is built as
 * a string (escaped in productCardHtml) rather than as React elements: the same function on the
 * server and in the browser, so hydration matches without walking it (ADR 012).
 */
export function ProductCard({ product, eager = false }: { product: ProductCardView; eager?: boolean }) {
  // What React does for an eager <img> element: the first row's pictures are preloaded from <head>.
  if (eager) for (const src of eagerImages([product], 1)) preload(src, { as: "image" });
  return <article className="product-card" dangerouslySetInnerHTML={{ __html: productCardHtml(product, eager) }} />;
}

/** The inside of <article class="product-card">. */
export function productCardHtml(product: ProductCardView, eager: boolean): string {
  const title = escapeHtml(product.title);
  let html =
    `<a href="${safeUrl(product.href)}" class="product-card__link">` +
    `<img class="product-card__image" src="${safeUrl(product.image)}" alt="${title}" width="240" height="240" loading="${eager ? "eager" : "lazy"}" decoding="async"/>`;
  if (product.badges.length > 0) {
    html += `<span class="product-card__badges">`;
    for (const badge of product.badges) if (badge in BADGE_TITLES) html += `<span class="badge badge--${badge}">${BADGE_TITLES[badge]}</span>`;
    html += `</span>`;
  }
  html += `<h3 class="product-card__title">${title}</h3></a>`;
  if (product.brand) html += `<p class="product-card__brand">${escapeHtml(product.brand)}</p>`;
  if (product.colors.length > 0) {
    html += `<ul class="product-card__colors" aria-label="Цвета">`;
    for (const color of product.colors) {
      const hex = safeHex(color.hex);
      html += `<li title="${escapeHtml(color.title)}"${hex ? ` style="background:${hex}"` : ""}></li>`;
    }
    if (product.colorCount > product.colors.length) html += `<li class="product-card__more">+${product.colorCount - product.colors.length}</li>`;
    html += `</ul>`;
  }
  html += `<p class="product-card__price">от <strong>${escapeHtml(formatPrice(product.minPrice))}</strong></p>`;
  html += product.inStock ? `<p class="product-card__stock">В наличии</p>` : `<p class="product-card__stock product-card__stock--out">Под заказ</p>`;
  return html;
}

/** Cards of the first row load eagerly (and their pictures are preloaded). */
export const EAGER_CARDS = 4;

/** The pictures of a grid's eager cards that a card shows (a refused URL is shown as nothing). */
export function eagerImages(cards: readonly ProductCardView[], eagerCount = EAGER_CARDS): string[] {
  return cards
    .slice(0, eagerCount)
    .map((c) => c.image)
    .filter((src) => safeUrl(src) !== "#");
}

/** The inside of <div class="product-grid"> as a string (server-built grids, ADR 013). */
export function gridHtml(cards: readonly ProductCardView[], eagerCount = EAGER_CARDS): string {
  let html = "";
  for (let i = 0; i < cards.length; i++) html += `<article class="product-card">${productCardHtml(cards[i], i < eagerCount)}</article>`;
  return html;
}

export function ProductGrid({ products, eagerCount = EAGER_CARDS }: { products: ProductCardView[]; eagerCount?: number }) {
  return (
    <div className="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
