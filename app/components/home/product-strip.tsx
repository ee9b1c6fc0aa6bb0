import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { ProductGrid } from "#app/components/catalog/product-card.tsx";
import { markupProps, type Markup } from "#app/lib/packed.ts";

/**
 * A titled row of product cards with a link to the whole list; nothing when the list is empty.
 * The cards come as data (built in the browser) or as a grid the server built (ADR 013).
 */
export function ProductStrip({
  title,
  href,
  products,
  grid,
  testId,
}: {
  title: string;
  href?: string;
  products?: ProductCardView[];
  grid?: Markup | null;
  testId?: string;
}) {
  if (!grid && !products?.length) return null;
  return (
    <section className="product-strip" data-testid={testId}>
      <header className="product-strip__header">
        <h2 className="product-strip__title">{title}</h2>
        {href ? (
          <a className="product-strip__all" href={href}>
            Смотреть все
          </a>
        ) : null}
      </header>
      {grid ? (
        <div className="product-grid" {...markupProps(grid)} />
      ) : (
        <ProductGrid products={products ?? []} eagerCount={0} />
      )}
    </section>
  );
}
