import { Component, Suspense, use, type ReactNode } from "react";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { ProductStrip } from "#app/components/home/product-strip.tsx";

/**
 * A strip whose cards the loader did not wait for: the page streams first and the strip follows
 * (crawlers get the whole document). Secondary: a failure shows nothing. React's `use` reads the
 * streamed promise (no router <Await> code in the bundle, ADR 002).
 */
export function DeferredStrip({ title, products, testId }: { title: string; products: Promise<ProductCardView[]>; testId?: string }) {
  return (
    <NothingOnError>
      <Suspense fallback={null}>
        <StripOf title={title} products={products} testId={testId} />
      </Suspense>
    </NothingOnError>
  );
}

function StripOf({ title, products, testId }: { title: string; products: Promise<ProductCardView[]>; testId?: string }) {
  return <ProductStrip title={title} products={use(products)} testId={testId} />;
}

class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
