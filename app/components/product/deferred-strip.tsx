import { Component, memo, Suspense, use, type ReactNode } from "react";
import { ProductStrip } from "#app/components/home/product-strip.tsx";
import { rememberMarkup, unpack, type Markup, type Packed } from "#app/lib/packed.ts";

/** What a deferred strip's promise gives: the grid the server built (null: no cards). */
export type StripGrid = Packed<Markup | null>;

/**
 * A strip whose cards the loader did not wait for: the page streams first and the strip follows
 * (crawlers get the whole document). Secondary: a failure shows nothing. React's `use` reads the
 * streamed promise (no router <Await> code in the bundle, ADR 002). The grid is HTML the server
 * built in the element `id` (app/features/catalog/strip.server.ts); a document carries it once, in
 * the page (ADR 013), and the browser takes it over on hydration: it is read as soon as this
 * renders, before the data arrives, and the strip ignores its parent's updates (memo), so an update
 * cannot make React replace the server's elements before they are read.
 */
export const DeferredStrip = memo(function DeferredStrip({ title, id, grid, testId }: { title: string; id: string; grid: Promise<StripGrid>; testId?: string }) {
  rememberMarkup(id);
  return (
    <NothingOnError>
      <Suspense fallback={null}>
        <StripOf title={title} grid={grid} testId={testId} />
      </Suspense>
    </NothingOnError>
  );
});

function StripOf({ title, grid, testId }: { title: string; grid: Promise<StripGrid>; testId?: string }) {
  return <ProductStrip title={title} grid={unpack(use(grid))} testId={testId} />;
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
