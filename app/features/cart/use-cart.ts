/**
 * §4 the cart in React: the guest's tmg_cart or the logged-in visitor's server cart, behind the
 * same hooks (ADR 045; the provider is app/features/shopping/personal-state.tsx). Pages are shared
 * by the page cache, so the server and the hydrating render both see an empty cart (no hydration
 * mismatch) and the visitor's cart comes right after hydration; `useCartPage`'s `hydrated` tells
 * "empty" from "not known yet".
 */
export { useCart, useCartPage, useServerCartSync, type UseCart, type SyncState } from "#app/features/shopping/personal-state.tsx";
