/**
 * Personal state (§4, ADR 045), the pure part: what the root loader gives a logged-in visitor, the
 * resource routes the browser's fetchers post to, and how a list looks while changes are on their
 * way (the fetchers' form data over the loader's ids: Hydrogen's optimistic cart). No React, no
 * module-level state: the page's source (the loader or the guest's local storage) is chosen per
 * render by the root data's `isAuthenticated`.
 */
import type { ServerCartAnswer } from "#app/features/cart/cart.server.ts";
import { isId } from "./local-ids.ts";
import { addQuery } from "#app/features/search/history.ts";

export type ListKind = "favorites" | "comparison";

/** The root loader's personal data (null parts: that call failed; §8 list failures give empty results). */
export interface Personal {
  favorites: number[] | null;
  comparison: number[] | null;
  cart: ServerCartAnswer;
  history: string[] | null;
}

export interface MergeAnswer {
  ok: boolean;
  /** Each part: merged (true), refused (false) or not sent (null). */
  favorites: boolean | null;
  comparison: boolean | null;
  cart: boolean | null;
  message?: string;
}

export const LIST_ACTIONS: Record<ListKind, string> = { favorites: "/favorites/sync", comparison: "/comparison/sync" };
export const CART_SYNC_ACTION = "/cart/sync";
export const SEARCH_HISTORY_ACTION = "/search/history";
export const MERGE_ACTION = "/account/merge";

export const CART_SYNC_FAILED = "Не удалось сохранить корзину. Проверьте соединение и попробуйте ещё раз.";
export const CART_LOAD_FAILED = "Не удалось загрузить корзину из личного кабинета. Пока она хранится в этом браузере.";
export const HISTORY_CHANGE_FAILED = "Не удалось изменить историю поиска. Попробуйте ещё раз.";

/** Shown when the login merge fails: the guest's items stay in this browser (and are merged next time). */
export const MERGE_FAILED_MESSAGE = "Не удалось перенести списки и корзину в личный кабинет. Пока они хранятся в этом браузере.";

/** A change on its way: what its fetcher posts, where, and what to say when it is refused. */
export interface PendingChange {
  id: number;
  action: string;
  fields: Readonly<Record<string, string>>;
  errorMessage: string;
}

export const idsField = (value: FormDataEntryValue | null | undefined): number[] =>
  typeof value === "string" && value ? value.split(",").map(Number).filter(isId) : [];

/**
 * The list as it will be once the pending changes are through (§4: an add puts the id first, a
 * remove drops it; a clear waits for the server). A failed change simply stops being pending: the
 * loader's list (unchanged) shows again, a removed item back where it was.
 */
export function optimisticIds(base: readonly number[], pending: readonly PendingChange[], action: string): readonly number[] {
  let ids = base;
  for (const change of pending) {
    if (change.action !== action) continue;
    const intent = change.fields.intent;
    const changed = idsField(change.fields.ids);
    if (intent === "add") ids = [...changed, ...ids.filter((id) => !changed.includes(id))];
    else if (intent === "delete") ids = ids.filter((id) => !changed.includes(id));
  }
  return ids;
}

/** The search history with pending removals applied (a clear waits for the server). */
export function optimisticHistory(base: readonly string[], pending: readonly PendingChange[]): readonly string[] {
  let list = base;
  for (const change of pending) {
    if (change.action !== SEARCH_HISTORY_ACTION || change.fields.intent !== "delete") continue;
    const text = change.fields.text;
    list = list.filter((q) => q !== text);
  }
  return list;
}

/** Queries searched on this page (newest first) over the server's history. */
export function withRecent(server: readonly string[], recent: readonly string[]): readonly string[] {
  let list = server;
  for (const text of [...recent].reverse()) list = addQuery(list, text);
  return list;
}

/**
 * What a logged-in visitor sees while the guest's leftovers wait for the merge (pending or failed):
 * the merged list `mergeOnLogin` will make (local-only ids first, then the server's, under the limit).
 */
export function withLeftovers(server: readonly number[], local: readonly number[], max: number): readonly number[] {
  if (!local.length) return server;
  const onServer = new Set(server);
  const localOnly = local.filter((id) => !onServer.has(id));
  return localOnly.length ? [...localOnly, ...server].slice(0, max) : server;
}
