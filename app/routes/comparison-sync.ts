/**
 * /comparison/sync (ADR 034, 045): a logged-in visitor's comparison changes. POST intent=add|delete|clear
 * from the page's fetchers; the list itself comes from the root loader (revalidated after it). Never cached.
 */
import type { Route } from "./+types/comparison-sync";
import { changeList } from "#app/features/shopping/list-sync.server.ts";
import { COMPARISON_ERROR_MESSAGE } from "#app/features/comparison/comparison.ts";

export const action = ({ context, request }: Route.ActionArgs) => changeList(context, "comparison", request);

/** No answer at all (the connection): the change is refused with the §8 message, never the error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, status: 0, message: COMPARISON_ERROR_MESSAGE };
  }
}
