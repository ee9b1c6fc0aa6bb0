/**
 * Personal state in React (§4, ADR 045): favourites, comparison, the cart and the search history
 * behind one set of hooks, so a page never knows which source it has.
 *
 * - **Guests:** local storage (app/lib/local-store.ts), read with useSyncExternalStore whose server
 *   snapshot is "not known" — the server render and the hydrating render are the same for everyone
 *   (the page cache shares them, ADR 026) and the stored state comes right after hydration; other
 *   tabs follow through the `storage` event.
 * - **Logged-in visitors:** the root loader's `personal` (deferred on a document request), changed
 *   through `useFetcher` posts to resource routes (/favorites/sync, /comparison/sync, /cart/sync,
 *   /search/history), each through its own fetcher owned by the provider (`ChangeRunner`: it
 *   outlives the button that asked, a card removed from /favorites say). The action revalidates
 *   the root; until then the pending changes are shown over the loader's lists (optimistic); a
 *   refused change stops being pending, so the loader's list shows again (the rollback) and its
 *   message is shown. Another tab follows on focus
 *   (the root is revalidated) or on its next action.
 * - **Login:** one merge action (/account/merge) takes the guest's leftovers; each part of local
 *   storage is cleared only once the server has it. Until then the lists show the merge's result.
 *
 * No module-level state: the page's stores live in the provider (one per app, in React state), the
 * source is chosen on each render from the root data's `isAuthenticated`.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { MAX_COMPARISON, MAX_FAVORITES } from "#contract/limits.ts";
import { useRootData } from "#app/lib/root-data.ts";
import type { StorageLike, EventSource } from "#app/lib/local-store.ts";
import { COMPARISON_ERROR_MESSAGE, COMPARISON_LIMIT_MESSAGE, COMPARISON_STORAGE_KEY } from "#app/features/comparison/comparison.ts";
import { FAVORITES_ERROR_MESSAGE, FAVORITES_LIMIT_MESSAGE, FAVORITES_STORAGE_KEY } from "#app/features/favorites/favorites.ts";
import { createCartStore, type CartStore } from "#app/features/cart/cart-store.ts";
import { EMPTY_LOCAL_CART, type LocalCart } from "#app/features/cart/cart.ts";
import type { CartPriceAnswer } from "#app/features/cart/cart-view.ts";
import { addQuery, createSearchHistory, removeQuery, type SearchHistory } from "#app/features/search/history.ts";
import { createLocalIds, isId, type LocalIds } from "./local-ids.ts";
import { createViewedStore, type ViewedStore } from "#app/features/viewed/viewed-store.ts";
import { nextNotice, type Notice, type Notices } from "./notice.ts";
import {
  HISTORY_CHANGE_FAILED,
  LIST_ACTIONS,
  optimisticHistory,
  optimisticIds,
  SEARCH_HISTORY_ACTION,
  withLeftovers,
  withRecent,
  type ListKind,
  type PendingChange,
  type Personal,
} from "./personal.ts";


const LISTS: Record<ListKind, { key: string; max: number; limitMessage: string; errorMessage: string }> = {
  favorites: { key: FAVORITES_STORAGE_KEY, max: MAX_FAVORITES, limitMessage: FAVORITES_LIMIT_MESSAGE, errorMessage: FAVORITES_ERROR_MESSAGE },
  comparison: { key: COMPARISON_STORAGE_KEY, max: MAX_COMPARISON, limitMessage: COMPARISON_LIMIT_MESSAGE, errorMessage: COMPARISON_ERROR_MESSAGE },
};

/** The guest's stores in this browser (also a logged-in visitor's leftovers, until merged). */
export interface LocalStores {
  favorites: LocalIds;
  comparison: LocalIds;
  cart: CartStore;
  history: SearchHistory;
  /** §4 viewed products (local only, for guests and logged-in visitors alike). */
  viewed: ViewedStore;
}

export function createLocalStores(storage: () => StorageLike | null, events: EventSource | null): LocalStores {
  return {
    favorites: createLocalIds(FAVORITES_STORAGE_KEY, MAX_FAVORITES, storage, events),
    comparison: createLocalIds(COMPARISON_STORAGE_KEY, MAX_COMPARISON, storage, events),
    cart: createCartStore(storage, events),
    history: createSearchHistory(storage, events),
    viewed: createViewedStore(storage, events),
  };
}

/** The logged-in visitor's cart as this page edits it (kept while the server agrees, ADR 045). */
export interface CartSource {
  /** The cart shown; null while not known. */
  cart: LocalCart | null;
  update(change: (cart: LocalCart) => LocalCart): void;
  clear(): void;
  sync: SyncState;
  retry(): void;
}

export interface SyncState {
  /** The answer for the cart as it is now; null while a change is on its way. */
  answer: CartPriceAnswer | null;
  /** The last answer received (dimmed while the next is pending). */
  latest: CartPriceAnswer | null;
  pending: boolean;
}

interface PersonalContextValue {
  authenticated: boolean;
  /** The loader's personal data once known (logged in); null for guests and while it loads. */
  server: Personal | null;
  local: LocalStores | null;
  /** The logged-in cart (account-personal.tsx); null for guests and until its code and data are there. */
  serverCart: CartSource | null;
  /** Queries searched on this page by a logged-in visitor (the server has them after their page loads). */
  recent: readonly string[];
  setRecent(change: (recent: readonly string[]) => readonly string[]): void;
  /** The lists' toast. */
  notices: Notices;
  /** A logged-in visitor's list and history changes on their way (shown optimistically). */
  changes: readonly PendingChange[];
  /** Sends a change through its own fetcher, owned by the provider (so it outlives the button that asked). */
  post(action: string, fields: Record<string, string>, errorMessage: string): void;
}

const PersonalContext = createContext<PersonalContextValue | null>(null);

const noSubscribe = () => () => {};
const nothing = () => null;

function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** The root loader's `personal` (a value or, on a document request, a promise), once known. */
function useResolved(raw: Personal | Promise<Personal> | null | undefined): Personal | null {
  const [resolved, setResolved] = useState<{ from: unknown; value: Personal } | null>(null);
  useEffect(() => {
    if (!isThenable<Personal>(raw)) return;
    let live = true;
    raw.then(
      (value) => live && setResolved({ from: raw, value }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [raw]);
  if (!raw) return null;
  if (!isThenable(raw)) return raw;
  return resolved?.from === raw ? resolved.value : null;
}

export function useLocalValue<T>(store: { subscribe(on: () => void): () => void; getSnapshot(): T } | null | undefined): T | null {
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.getSnapshot ?? nothing, nothing);
}

/**
 * One change's fetcher: submits once, and when it is through (the root revalidated) or refused,
 * says why it was refused and leaves the provider's list of pending changes.
 */
function ChangeRunner({ change, onDone, notify }: { change: PendingChange; onDone(id: number): void; notify(text: string): void }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>({ key: `personal-change-${change.id}` });
  const { submit, state, data } = fetcher;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void submit(change.fields, { method: "post", action: change.action });
  }, [change, submit]);
  useEffect(() => {
    if (!sent.current || state !== "idle" || data === undefined) return;
    if (!data.ok) notify(data.message || change.errorMessage);
    onDone(change.id);
  }, [state, data, change, notify, onDone]);
  return null;
}

/** The logged-in part, loaded only when a visitor is logged in. */
const AccountPersonal = lazy(() => import("./account-personal.tsx"));

/** Mounted once, in the root route: the page's stores and the logged-in visitor's data. */
export function PersonalStateProvider({ children }: { children: ReactNode }) {
  const root = useRootData();
  const authenticated = root?.isAuthenticated ?? false;
  const server = useResolved(authenticated ? root?.personal : null);
  const [local] = useState<LocalStores | null>(() => (typeof window === "undefined" ? null : createLocalStores(() => window.localStorage, window)));
  const [recent, setRecent] = useState<readonly string[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback((text: string) => setNotice((previous) => nextNotice(previous, text)), []);
  const dismiss = useCallback((id: number) => setNotice((current) => (current?.id === id ? null : current)), []);
  const notices = useMemo<Notices>(() => ({ current: notice, show, dismiss }), [notice, show, dismiss]);
  const [changes, setChanges] = useState<readonly PendingChange[]>([]);
  const lastChange = useRef(0);
  const post = useCallback((action: string, fields: Record<string, string>, errorMessage: string) => {
    const id = ++lastChange.current;
    setChanges((pending) => [...pending, { id, action, fields, errorMessage }]);
  }, []);
  const done = useCallback((id: number) => setChanges((pending) => pending.filter((c) => c.id !== id)), []);
  const [serverCart, setServerCart] = useState<CartSource | null>(null);
  // Logged out: nothing of the account's history stays on the page.
  useEffect(() => {
    if (!authenticated) setRecent([]);
  }, [authenticated]);

  const value = useMemo<PersonalContextValue>(
    () => ({ authenticated, server: authenticated ? server : null, local, serverCart, recent, setRecent, notices, changes, post }),
    [authenticated, server, local, serverCart, recent, notices, changes, post],
  );
  return (
    <PersonalContext.Provider value={value}>
      {children}
      {changes.map((change) => (
        <ChangeRunner key={change.id} change={change} onDone={done} notify={show} />
      ))}
      {authenticated ? (
        <Suspense fallback={null}>
          <AccountPersonal server={server} local={local} notify={show} publish={setServerCart} />
        </Suspense>
      ) : null}
    </PersonalContext.Provider>
  );
}

/** For tests: the provider's value around components without the root route. */
export { PersonalContext };
export type { PersonalContextValue };

/** This page's local stores (created once by the provider in the browser); null on the server and outside it. */
export function useLocalStores(): LocalStores | null {
  return useContext(PersonalContext)?.local ?? null;
}

// ───── favourites and comparison ─────

export interface SavedListApi {
  /** The ids, newest first; null while not known (server render, hydration, a logged-in list loading). */
  ids: readonly number[] | null;
  add(id: number): void;
  remove(id: number): void;
  toggle(id: number): void;
  /** §4: a logged-in visitor's list is cleared only once the server has cleared it. */
  clear(): void;
  /** §4 404 ids: drops ids the catalogue no longer has; answers the ids it dropped. */
  dropMissing(ids: readonly number[]): number[];
}

export function useSavedList(kind: ListKind): SavedListApi {
  const ctx = useContext(PersonalContext);
  const { max, limitMessage, errorMessage } = LISTS[kind];
  const action = LIST_ACTIONS[kind];
  const store = ctx?.local?.[kind] ?? null;
  const stored = useLocalValue(store);
  const authenticated = ctx?.authenticated ?? false;
  const serverIds = ctx?.server?.[kind];

  let ids: readonly number[] | null = stored;
  if (authenticated) ids = ctx?.server ? optimisticIds(withLeftovers(serverIds ?? [], stored ?? [], max), ctx.changes, action) : null;

  const notify = ctx?.notices.show;
  const send = (fields: Record<string, string>) => ctx?.post(action, fields, errorMessage);
  const post = (intent: string, changed: readonly number[]) => send({ intent, ids: changed.join(",") });

  const add = (id: number) => {
    if (!isId(id) || ids === null || ids.includes(id)) return;
    if (ids.length >= max) {
      console.warn(limitMessage);
      notify?.(limitMessage);
      return;
    }
    if (authenticated) post("add", [id]);
    else store?.set([id, ...ids]);
  };
  const remove = (id: number) => {
    if (ids === null || !ids.includes(id)) return;
    if (authenticated) post("delete", [id]);
    else store?.set(ids.filter((x) => x !== id));
  };
  return {
    ids,
    add,
    remove,
    toggle: (id) => (ids?.includes(id) ? remove(id) : add(id)),
    clear() {
      if (!ids?.length) return;
      if (authenticated) send({ intent: "clear" });
      else store?.set([]);
    },
    dropMissing(missing) {
      const gone = new Set(missing);
      const dropped = (ids ?? []).filter((x) => gone.has(x));
      if (!dropped.length) return [];
      if (authenticated) post("delete", dropped);
      else store?.set((ids ?? []).filter((x) => !gone.has(x)));
      return dropped;
    },
  };
}

// ───── the cart ─────

export interface UseCart {
  cart: LocalCart;
  /** False on the server, during hydration and while a logged-in cart loads (useCartPage only). */
  hydrated: boolean;
  update(change: (cart: LocalCart) => LocalCart): void;
  clear(): void;
}

const emptyCart = () => EMPTY_LOCAL_CART;
const yes = () => true;
const no = () => false;
function noop() {}

/** The cart: the guest's tmg_cart (empty on the server and while hydrating) or the logged-in visitor's server cart. */
export function useCart(): UseCart {
  const ctx = useContext(PersonalContext);
  const store = ctx?.local?.cart ?? null;
  const stored = useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.getSnapshot ?? emptyCart, emptyCart);
  if (ctx?.authenticated) {
    const source = ctx.serverCart;
    return { cart: source?.cart ?? EMPTY_LOCAL_CART, hydrated: true, update: source?.update ?? noop, clear: source?.clear ?? noop };
  }
  return { cart: stored, hydrated: true, update: store ? store.update : noop, clear: store ? store.clear : noop };
}

/**
 * The cart with `hydrated`: false on the server, during hydration and while a logged-in cart is
 * not known (the cart pages show a placeholder then, not "empty").
 */
export function useCartPage(): UseCart {
  const ctx = useContext(PersonalContext);
  const cart = useCart();
  const hydrated = useSyncExternalStore(noSubscribe, yes, no);
  const known = ctx !== null && (!ctx.authenticated || (ctx.serverCart?.cart ?? null) !== null);
  return { ...cart, hydrated: hydrated && known };
}

/** The logged-in visitor's cart: its server answer (null for a guest, whose page prices through /cart), and its retry. */
export function useServerCartSync(): (SyncState & { retry(): void }) | null {
  const ctx = useContext(PersonalContext);
  if (!ctx?.authenticated) return null;
  // Logged in, the cart's code still loading: pending (never the guest's pricing).
  if (!ctx.serverCart) return { answer: null, latest: null, pending: true, retry: noop };
  return { ...ctx.serverCart.sync, retry: ctx.serverCart.retry };
}

// ───── search history ─────

export interface UseSearchHistory {
  /** The queries, newest first; empty on the server and in the first render (hydration matches). */
  list: readonly string[];
  add(text: string): void;
  remove(text: string): void;
  clear(): void;
}

const EMPTY_HISTORY: readonly string[] = Object.freeze([]);
const emptyHistory = () => EMPTY_HISTORY;

export function useSearchHistory(): UseSearchHistory {
  const ctx = useContext(PersonalContext);
  const store = ctx?.local?.history ?? null;
  const stored = useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.getSnapshot ?? emptyHistory, emptyHistory);
  const setRecent = ctx?.setRecent;

  if (!ctx?.authenticated) {
    return {
      list: stored,
      add: (text) => store?.add(text),
      remove: (text) => store?.remove(text),
      clear: () => store?.clear(),
    };
  }
  const list = ctx.server ? optimisticHistory(withRecent(ctx.server.history ?? [], ctx.recent), ctx.changes) : EMPTY_HISTORY;
  return {
    list: list.length ? list : EMPTY_HISTORY,
    // The server records a search itself when its page loads: this only shows it at once.
    add: (text) => setRecent?.((recent) => addQuery(recent, text)),
    remove(text) {
      if (!list.includes(text)) return;
      setRecent?.((recent) => removeQuery(recent, text));
      ctx.post(SEARCH_HISTORY_ACTION, { intent: "delete", text }, HISTORY_CHANGE_FAILED);
    },
    clear() {
      if (!list.length) return;
      setRecent?.(() => []);
      ctx.post(SEARCH_HISTORY_ACTION, { intent: "clear" }, HISTORY_CHANGE_FAILED);
    },
  };
}

/** The lists' toast (null outside the provider). */
export function useNotices(): Notices | null {
  return useContext(PersonalContext)?.notices ?? null;
}
