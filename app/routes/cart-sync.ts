/**
 * /cart/sync (issue 19, ADR 034): the logged-in visitor's server cart for the browser's cart store.
 * GET: the priced cart (cart/detail); POST intent=save: the store's cart written to the server
 * (recalculate, comment, images) and answered priced; intent=merge: the guest's cart merged in (§4). The cart changes from every page (the add
 * buttons, the header counter), not only /cart, so the store talks to this resource route; the
 * /cart and /cart/ordering pages show the store's priced answer. JSON, never cached.
 */
import type { Route } from "./+types/cart-sync";
import { loadServerCart, mergeServerCart, saveServerCart, CART_UNREADABLE_MESSAGE } from "#app/features/cart/cart.server.ts";
import { EMPTY_CART_VIEW } from "#app/features/cart/cart-view.ts";

const json = (body: Awaited<ReturnType<typeof loadServerCart>>) =>
  Response.json(body, { status: body.ok ? 200 : body.status, headers: { "Cache-Control": "no-store" } });

export async function loader({ context }: Route.LoaderArgs) {
  return json(await loadServerCart(context));
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  if (!form || (intent !== "save" && intent !== "merge")) {
    return json({ ok: false, status: 400, answer: { intent: "price", key: "", cart: EMPTY_CART_VIEW, error: CART_UNREADABLE_MESSAGE, unavailable: [] } });
  }
  return json(intent === "merge" ? await mergeServerCart(context, form) : await saveServerCart(context, form));
}
