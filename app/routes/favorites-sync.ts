/**
 * /favorites/sync (ADR 034, 045): a logged-in visitor's favourites change. POST intent=add|delete|clear
 * from the page's fetchers; the list itself comes from the root loader (revalidated after it). Never cached.
 */
import type { Route } from "./+types/favorites-sync";
import { changeList } from "#app/features/shopping/list-sync.server.ts";

export const action = ({ context, request }: Route.ActionArgs) => changeList(context, "favorites", request);
