import { Suspense } from "react";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { ProductGrid } from "#app/features/catalog/product-card.tsx";
import { AppLink } from "#app/lib/navigation.tsx";

/** A titled row of product cards with a link to the whole list; nothing when the list is empty. */
export function ProductStrip({ title, href, products, testId }: { title: string; href?: string; products: readonly ProductCardView[]; testId?: string }) {
  if (products.length === 0) return null;
  return (
    <section className="product-strip" data-testid={testId}>
      <header className="product-strip__header">
        <h2 className="product-strip__title">{title}</h2>
        {href ? (
          <AppLink className="product-strip__all" to={href}>
            Смотреть все
          </AppLink>
        ) : null}
      </header>
      {/* Below the fold: hydrated in a task of its own, after what is on screen. */}
      <Suspense fallback={null}>
        <ProductGrid products={products} eagerCount={0} />
      </Suspense>
    </section>
  );
}
