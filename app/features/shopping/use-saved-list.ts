/**
 * A saved list (favourites, comparison) in React. useSyncExternalStore with a NULL server snapshot:
 * the server render and the hydrating render both see null ("not known yet": buttons inert and
 * hidden, counters empty), so every visitor gets the same HTML and the page cache may share it;
 * then React re-renders with the stored ids. Other tabs are followed through the `storage` event.
 */
import { useSyncExternalStore } from "react";
import type { SavedList } from "./saved-list.ts";

const noSubscribe = () => () => {};
const nothing = () => null;

/** The ids, newest first; null on the server and while hydrating. */
export function useSavedIds(list: SavedList | null): readonly number[] | null {
  return useSyncExternalStore(list?.subscribe ?? noSubscribe, list?.getSnapshot ?? nothing, nothing);
}
