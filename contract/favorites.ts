/**
 * §7 "Favourites". §3: favourites are product group ids; §9 max 300. Server calls only for
 * logged-in users (§4); groups are then loaded by product/list/by_group_ids (favoriteGroups timeout).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { id } from "./common.ts";
import { MAX_FAVORITES } from "./limits.ts";

/** §9 (defined without zod for the browser). */
export { MAX_FAVORITES };

/** §7 {productsGroups}: group ids. */
export const FavoriteChangeRequest = z.object({ productsGroups: z.array(id()).min(1).max(MAX_FAVORITES) });
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
    summary: "Add groups (first = newest); 400 with the §5 message beyond 300; answers the resulting ids",
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
