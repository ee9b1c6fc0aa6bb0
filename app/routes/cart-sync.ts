/**
 * /cart/sync (issue 19, ADR 034, 045): a logged-in visitor's cart changes. POST intent=save: the
 * page's cart written to the server (recalculate, comment, images) and answered priced, through the
 * personal-state provider's fetcher (the root is revalidated after it: the cart comes from the root
 * loader). The cart changes from every page (the add buttons), not only /cart. Never cached.
 */
import { data } from "react-router";
import type { Route } from "./+types/cart-sync";
import { saveServerCart, CART_UNREADABLE_MESSAGE, type ServerCartAnswer } from "#app/features/cart/cart.server.ts";
import { EMPTY_CART_VIEW } from "#app/features/cart/cart-view.ts";
import { CART_SYNC_FAILED } from "#app/features/shopping/personal.ts";

const answer = (body: ServerCartAnswer) => data(body, { status: body.ok ? 200 : body.status, headers: { "Cache-Control": "no-store" } });

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form || form.get("intent") !== "save") {
    return answer({ ok: false, status: 400, answer: { intent: "price", key: "", cart: EMPTY_CART_VIEW, error: CART_UNREADABLE_MESSAGE, unavailable: [] } });
  }
  return answer(await saveServerCart(context, form));
}

/** No answer at all (the connection): §8 zeros with the message and a retry, never the error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ServerCartAnswer> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, status: 0, answer: { intent: "price", key: "", cart: EMPTY_CART_VIEW, error: CART_SYNC_FAILED, unavailable: [] } };
  }
}
