/**
 * §4 viewed products on the home page. The ids live in localStorage, read only after hydration
 * (useViewedProducts gives [] on the server and while hydrating), then the cards come from the
 * /viewed resource route through a fetcher. Hidden while there is nothing to show.
 */
import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "#app/routes/viewed.ts";
import { useViewedProducts } from "#app/features/viewed/use-viewed.ts";
import { ProductStrip } from "#app/features/catalog/product-strip.tsx";

export function ViewedProducts() {
  const { ids } = useViewedProducts();
  const fetcher = useFetcher<typeof loader>();
  const wanted = ids.join(",");
  const { load } = fetcher;

  useEffect(() => {
    if (wanted) void load(`/viewed?ids=${wanted}`);
  }, [wanted, load]);

  const products = wanted ? (fetcher.data?.products ?? []) : [];
  return <ProductStrip title="Вы смотрели" products={products} testId="viewed-products" />;
}
