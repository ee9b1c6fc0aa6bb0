/**
 * /favorites/sync (ADR 034): a logged-in visitor's favourites on the server. GET answers the
 * server's group ids (404 ids removed); POST intent=add|delete|clear changes them. JSON for the
 * browser's RemoteList adapter; never cached.
 */
import type { Route } from "./+types/favorites-sync";
import { changeList, loadList } from "#app/features/shopping/list-sync.server.ts";

export const loader = ({ context, url }: Route.LoaderArgs) => loadList(context, "favorites", url);
export const action = ({ context, request }: Route.ActionArgs) => changeList(context, "favorites", request);
