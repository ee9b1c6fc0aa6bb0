/**
 * The items of a saved list (favourites, comparison) for its page: the list is `useSavedList`'s
 * (personal-state.tsx: null on the server and while hydrating, so every visitor gets the same
 * HTML), its cards come through a fetcher.
 */
import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { useSavedList } from "./personal-state.tsx";
import type { ListKind } from "./personal.ts";

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
export function useSavedItems<A extends SavedItemsAnswer<{ id: number }>>(kind: ListKind, source: string) {
  const list = useSavedList(kind);
  const { ids, dropMissing } = list;
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
    const gone = dropMissing(answer.missing);
    if (gone.length) setDropped((n) => n + gone.length);
    // Once per answer: the list's functions are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return {
    list,
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
