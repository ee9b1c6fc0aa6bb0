import { Suspense } from "react";
import { Await } from "react-router";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { ProductStrip } from "#app/components/home/product-strip.tsx";

/**
 * A strip whose cards the loader did not wait for: the page streams first and the strip follows
 * (crawlers get the whole document). Secondary: a failure shows nothing (§8).
 */
export function DeferredStrip({ title, cards, testId }: { title: string; cards: Promise<ProductCardView[]>; testId?: string }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={cards} errorElement={null}>
        {(resolved) => <ProductStrip title={title} products={resolved} testId={testId} />}
      </Await>
    </Suspense>
  );
}
