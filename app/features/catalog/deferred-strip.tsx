import { Suspense } from "react";
import { Await } from "react-router";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { ProductStrip } from "#app/features/catalog/product-strip.tsx";

/**
 * A strip whose cards may still be on their way: when the loader did not have them in time, the
 * page streams first and the strip follows (crawlers get the whole document); when it had them,
 * `<Await>` renders them at once. Secondary: a failure shows nothing (§8).
 */
export function DeferredStrip({ title, cards, testId }: { title: string; cards: ProductCardView[] | Promise<ProductCardView[]>; testId?: string }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={cards} errorElement={null}>
        {(resolved) => <ProductStrip title={title} products={resolved} testId={testId} />}
      </Await>
    </Suspense>
  );
}
