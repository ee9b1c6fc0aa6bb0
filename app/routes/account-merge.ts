/**
 * /account/merge (§4, ADR 045): the one login merge. The root's personal-state provider posts the
 * guest's local favourites, comparison and cart here through a fetcher right after login (and on a
 * later page while any are left); the answer says which parts the server took. JSON, never cached.
 */
import { data } from "react-router";
import type { Route } from "./+types/account-merge";
import { mergePersonal } from "#app/features/shopping/personal.server.ts";
import { MERGE_FAILED_MESSAGE, type MergeAnswer } from "#app/features/shopping/personal.ts";

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const answer = await mergePersonal(context, form);
  // A failure answers 502 (401 logged out): the root is not revalidated, local storage is kept.
  const status = answer.ok ? 200 : context.isAuthenticated ? 502 : 401;
  return data(answer, { status, headers: { "Cache-Control": "no-store" } });
}

/** No answer at all (the connection): nothing is cleared, the guest's items stay for the next try. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<MergeAnswer> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, favorites: false, comparison: false, cart: false, message: MERGE_FAILED_MESSAGE };
  }
}
