/**
 * The logged-in part of personal state (ADR 045), loaded only while a visitor is logged in (a
 * guest's pages never need it: the first-visit JS budget). Rendered by the provider; it owns the
 * cart's save fetcher and the page's edit of the cart, runs the one login merge and revalidates the
 * root when the tab comes back to the front, and hands the cart to the provider.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { EMPTY_LOCAL_CART, type LocalCart } from "#app/features/cart/cart.ts";
import type { ServerCartAnswer } from "#app/features/cart/cart.server.ts";
import { CART_LOAD_FAILED, CART_SYNC_ACTION, MERGE_ACTION, MERGE_FAILED_MESSAGE, type MergeAnswer, type Personal } from "./personal.ts";
import { cartFields, cartKey, cartWithLeftovers, hasCartContent } from "./personal-cart.ts";
import { useLocalValue, type CartSource, type LocalStores } from "./personal-state.tsx";

const CART_SAVE_DEBOUNCE_MS = 300;

/** The logged-in cart: the loader's, or this page's edit of it while it is saved (debounced) or the server agrees. */
function useServerCart(server: Personal | null, local: LocalStores | null): CartSource {
  const fetcher = useFetcher<ServerCartAnswer>({ key: "personal-cart" });
  const { submit } = fetcher;
  const [kept, setKept] = useState<LocalCart | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<LocalCart | null>(null);
  const leftovers = useLocalValue(local?.cart);

  const loaded = server?.cart.ok ? server.cart : null;
  const base = loaded ? cartWithLeftovers(loaded.cart, leftovers ?? EMPTY_LOCAL_CART) : null;
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false;
  const saving = scheduled || fetcher.state !== "idle";
  const cart = base && kept && (saving || failed || cartKey(kept) === cartKey(base)) ? kept : base;

  useEffect(() => {
    latest.current = cart;
  }, [cart]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const save = useCallback(
    (next: LocalCart) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setScheduled(false);
      void submit(cartFields(next), { method: "post", action: CART_SYNC_ACTION });
    },
    [submit],
  );

  const update = useCallback(
    (change: (cart: LocalCart) => LocalCart) => {
      const current = latest.current;
      if (!current) return;
      const next = change(current);
      if (next === current) return;
      latest.current = next;
      setKept(next);
      setScheduled(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => save(next), CART_SAVE_DEBOUNCE_MS);
    },
    [save],
  );

  const answer = !cart || saving ? null : failed ? (fetcher.data?.answer ?? null) : (loaded?.answer ?? null);
  const lastAnswer = fetcher.data?.answer ?? loaded?.answer ?? null;
  const clear = useCallback(() => {
    if (!latest.current) return;
    latest.current = EMPTY_LOCAL_CART;
    setKept(EMPTY_LOCAL_CART);
    save(EMPTY_LOCAL_CART);
  }, [save]);
  const retry = useCallback(() => {
    if (latest.current) save(latest.current);
  }, [save]);
  return useMemo(
    () => ({ cart, update, clear, sync: { answer, latest: lastAnswer, pending: saving }, retry }),
    [cart, update, clear, answer, lastAnswer, saving, retry],
  );
}

/**
 * §4 "sync on login": while logged in with guest leftovers in local storage, one merge action per
 * load of the personal data; each part of local storage is cleared once its merge is in (and the
 * root revalidated); a failure keeps it, says so, and is tried again on the next page load.
 */
function useLoginMerge(server: Personal | null, local: LocalStores | null, notify: (text: string) => void) {
  const fetcher = useFetcher<MergeAnswer>({ key: "personal-merge" });
  const { submit } = fetcher;
  const favorites = useLocalValue(local?.favorites);
  const comparison = useLocalValue(local?.comparison);
  const cart = useLocalValue(local?.cart);
  // Once per login on this page (this component is mounted while logged in): a failure is tried
  // again on the next page load (no loop with the revalidation).
  const tried = useRef(false);
  const handled = useRef<MergeAnswer | null>(null);
  const leftovers = (favorites?.length ?? 0) > 0 || (comparison?.length ?? 0) > 0 || (cart !== null && hasCartContent(cart));

  useEffect(() => {
    if (!server || !leftovers || fetcher.state !== "idle" || tried.current) return;
    tried.current = true;
    const fields: Record<string, string> = { favorites: (favorites ?? []).join(","), comparison: (comparison ?? []).join(",") };
    if (cart && hasCartContent(cart)) Object.assign(fields, cartFields(cart, "merge"));
    void submit(fields, { method: "post", action: MERGE_ACTION });
  }, [server, leftovers, fetcher.state, favorites, comparison, cart, submit]);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer || !local) return;
    handled.current = answer;
    if (answer.favorites) local.favorites.set([]);
    if (answer.comparison) local.comparison.set([]);
    if (answer.cart) local.cart.clear();
    if (!answer.ok) notify(answer.message || MERGE_FAILED_MESSAGE);
  }, [fetcher.state, fetcher.data, local, notify]);
}

/** Another tab's change shows when this one comes back to the front (the root is revalidated). */
function useFocusRevalidation() {
  const { revalidate, state } = useRevalidator();
  const busy = state !== "idle";
  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState === "visible" && !busy) void revalidate();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [busy, revalidate]);
}


export default function AccountPersonal({
  server,
  local,
  notify,
  publish,
}: {
  server: Personal | null;
  local: LocalStores | null;
  notify(text: string): void;
  publish(cart: CartSource | null): void;
}) {
  const cart = useServerCart(server, local);
  useLoginMerge(server, local, notify);
  useFocusRevalidation();
  const cartLoadFailed = server !== null && !server.cart.ok;
  useEffect(() => {
    if (cartLoadFailed) notify(CART_LOAD_FAILED);
  }, [cartLoadFailed, notify]);
  useEffect(() => publish(cart), [cart, publish]);
  useEffect(() => () => publish(null), [publish]);
  return null;
}
