/**
 * Runs the §4 sync (account-sync.ts) after hydration and whenever the root data's login state
 * changes (the login and logout actions revalidate the root). Mounted once, in the root route.
 *
 * The sync's code (remote lists, the server cart, the server history) is loaded only when a
 * visitor is or becomes logged in: a guest's page never needs it, and it kept the first-visit JS
 * of every page over its budget. Until it arrives, a logged-in visitor's lists and cart are "not
 * known" (primed below), as they are while the server's copies load.
 */
import { useEffect, useState } from "react";
import { useRootData } from "#app/lib/root-data.ts";
import { favorites } from "#app/features/favorites/favorites.ts";
import { comparison } from "#app/features/comparison/comparison.ts";
import { getBrowserCartStore } from "#app/features/cart/cart-store.ts";
import { holdAccountHistory } from "#app/features/search/history.ts";
import type * as AccountSync from "./account-sync.ts";

let loading: Promise<typeof AccountSync> | null = null;
const loadSync = () => (loading ??= import("./account-sync.ts"));

/**
 * The first client render of a logged-in visitor's page: the lists and the cart are "not known"
 * until the server's arrive, so the guest's leftovers never flash in the counters. Runs during that
 * render, before anything subscribed to the stores.
 */
function primeAccount(): void {
  favorites()?.useIds(null);
  comparison()?.useIds(null);
  getBrowserCartStore()?.use(null);
  holdAccountHistory();
}

export function useAccountSync(): void {
  const authenticated = useRootData()?.isAuthenticated ?? false;
  useState(() => {
    if (typeof window !== "undefined" && authenticated) primeAccount();
  });
  useEffect(() => {
    // A guest who has not logged in on this page has nothing to sync and nothing to undo.
    if (!authenticated && !loading) return;
    // Logged in on this page: a search made before the sync's code arrives is the account's, never
    // the guest's local history.
    if (authenticated) holdAccountHistory();
    void loadSync().then((sync) => sync.syncAccount(authenticated));
  }, [authenticated]);
}
