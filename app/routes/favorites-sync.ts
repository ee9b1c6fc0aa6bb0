/**
 * /favorites/sync (ADR 034, 045): a logged-in visitor's favourites change. POST intent=add|delete|clear
 * from the page's fetchers; the list itself comes from the root loader (revalidated after it). Never cached.
 */
import type { Route } from "./+types/favorites-sync";
import { changeList } from "#app/features/shopping/list-sync.server.ts";
import { FAVORITES_ERROR_MESSAGE } from "#app/features/favorites/favorites.ts";

export const action = ({ context, request }: Route.ActionArgs) => changeList(context, "favorites", request);

/** No answer at all (the connection): the change is refused with the §8 message, never the error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, status: 0, message: FAVORITES_ERROR_MESSAGE };
  }
}
