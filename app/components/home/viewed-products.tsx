/**
 * §4 viewed products on the home page. The ids live in localStorage, read only after hydration
 * (useViewedProducts gives [] on the server and while hydrating), then the cards come from
 * GET /viewed (JSON). Hidden while there is nothing to show.
 */
import { useEffect } from "react";
import type { loader } from "#app/routes/viewed.ts";
import { useJsonFetch } from "#app/lib/use-json-fetch.ts";
import { useViewedProducts } from "#app/features/viewed/use-viewed.ts";
import { ProductStrip } from "./product-strip.tsx";

export function ViewedProducts() {
  const { ids } = useViewedProducts();
  const { data, load } = useJsonFetch<Awaited<ReturnType<typeof loader>>["data"]>();
  const wanted = ids.join(",");

  useEffect(() => {
    if (wanted) load(`/viewed?ids=${wanted}`);
  }, [wanted, load]);

  const products = wanted ? (data?.products ?? []) : [];
  return <ProductStrip title="Вы смотрели" products={products} testId="viewed-products" />;
}
