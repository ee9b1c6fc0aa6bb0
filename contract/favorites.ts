/**
 * §7 "Favourites". §3: favourites are product group ids; §9 max 300. Server calls only for
 * logged-in users (§4); groups are then loaded by product/list/by_group_ids (favoriteGroups timeout).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { id } from "./common.ts";
import { FAVORITES_LIMIT_MESSAGE, MAX_FAVORITES } from "./limits.ts";

/** §9 and the §5 message (defined without zod for the browser). */
export { FAVORITES_LIMIT_MESSAGE, MAX_FAVORITES };

/**
 * §7 {productsGroups}: group ids, the first the newest. Ids of groups that do not exist (or are out
 * of sale) are ignored by add: §4 records them on the client as 404 ids. More ids than the limit
 * in one request is the same §5 refusal as a list grown beyond it.
 */
export const FavoriteChangeRequest = z.object({
  productsGroups: z.array(id()).min(1, "Выберите товары").max(MAX_FAVORITES, FAVORITES_LIMIT_MESSAGE),
});
export type FavoriteChangeRequest = z.infer<typeof FavoriteChangeRequest>;

const ids = z.array(id());
const tag = "favorites";

export const favoritesEndpoints = {
  favoriteAll: endpoint({
    id: "favoriteAll",
    method: "GET",
    path: "/favorite/all",
    tag,
    summary: "The user's favourite group ids, newest first",
    auth: true,
    timeout: "default",
    response: ids,
  }),
  favoriteAdd: endpoint({
    id: "favoriteAdd",
    method: "POST",
    path: "/favorite/add",
    tag,
    summary:
      "Add groups (first = newest; a saved one moves to the front; unknown ones ignored); 400 with the §5 message beyond 300, nothing saved; answers the resulting ids",
    auth: true,
    timeout: "default",
    body: FavoriteChangeRequest,
    response: ids,
  }),
  favoriteDelete: endpoint({
    id: "favoriteDelete",
    method: "POST",
    path: "/favorite/delete",
    tag,
    summary: "Remove groups; answers the remaining ids",
    auth: true,
    timeout: "default",
    body: FavoriteChangeRequest,
    response: ids,
  }),
};
