/**
 * A saved list (favourites, comparison) in React. useSyncExternalStore with a NULL server snapshot:
 * the server render and the hydrating render both see null ("not known yet": buttons inert and
 * hidden, counters empty), so every visitor gets the same HTML and the page cache may share it;
 * then React re-renders with the stored ids. Other tabs are followed through the `storage` event.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import type { SavedList } from "./saved-list.ts";

const noSubscribe = () => () => {};
const nothing = () => null;

/** The ids, newest first; null on the server and while hydrating. */
export function useSavedIds(list: SavedList | null): readonly number[] | null {
  return useSyncExternalStore(list?.subscribe ?? noSubscribe, list?.getSnapshot ?? nothing, nothing);
}

/** The data a resource route's loader answers through `data(…)` (its fetcher's `data`). */
export type AnswerOf<L extends (...args: never[]) => unknown> = Unwrapped<Awaited<ReturnType<L>>>;
type Unwrapped<T> = T extends { data: infer D; init: unknown } ? D : T;

/** What the pages' resource routes answer (/favorites/cards, /comparison/products). */
export interface SavedItemsAnswer<T extends { id: number }> {
  products: T[];
  /** Ids the catalogue no longer has (§3 productsGroups404Ids). */
  missing: number[];
  /** The call failed: nothing is dropped then. */
  failed: boolean;
}

/**
 * The items of a saved list for its page: loaded through a fetcher from `source?ids=…` whenever the
 * list holds an id not loaded yet (a removal only hides an item), ids the catalogue no longer has
 * dropped from the list and counted once for the page's notice (ADR 026).
 */
export function useSavedItems<A extends SavedItemsAnswer<{ id: number }>>(list: SavedList | null, source: string) {
  const ids = useSavedIds(list);
  const fetcher = useFetcher();
  const { load } = fetcher;
  const answer = fetcher.data as A | undefined;
  const [dropped, setDropped] = useState(0);

  const byId = useMemo(() => new Map((answer?.products ?? []).map((p) => [p.id, p as A["products"][number]])), [answer]);
  const unknown = ids?.some((id) => !byId.has(id)) ?? false;
  const wanted = ids && unknown ? ids.join(",") : "";
  useEffect(() => {
    if (wanted) void load(`${source}?ids=${wanted}`);
  }, [wanted, load, source]);

  useEffect(() => {
    if (!answer?.missing.length) return;
    const gone = list?.dropMissing(answer.missing) ?? [];
    if (gone.length) setDropped((n) => n + gone.length);
  }, [answer, list]);

  return {
    ids,
    answer,
    byId,
    dropped,
    /** Some stored id is not loaded yet. */
    unknown,
    loading: unknown && fetcher.state !== "idle",
    retry: () => void load(`${source}?ids=${(ids ?? []).join(",")}`),
  };
}
