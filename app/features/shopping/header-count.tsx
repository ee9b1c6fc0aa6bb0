/**
 * The header's favourites and comparison counters: empty on the server and while hydrating (the
 * page cache serves everyone the same header), then the stored count. The badge sits over the
 * icon (absolutely positioned), so its appearance moves nothing.
 */
import { favorites } from "#app/features/favorites/favorites.ts";
import { comparison } from "#app/features/comparison/comparison.ts";
import { useSavedIds } from "./use-saved-list.ts";

export function ListCount({ of }: { of: "favorites" | "comparison" }) {
  const count = useSavedIds(of === "favorites" ? favorites() : comparison())?.length ?? 0;
  return (
    <span className="header__count" data-testid={`${of}-count`} hidden={count === 0}>
      {count > 0 ? count : null}
    </span>
  );
}
