/**
 * §7 "Cart": the anonymous cart is priced by cart/unauth, nothing stored (§4: tmg_cart stays in the
 * browser); the logged-in user's server cart (recalculate, comment, clear, image, detail, and the
 * §4 login merge) is always the caller's own (requireUser), priced by the same pricing.
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { requireUser } from "../auth/session";
import { createCartPricing } from "./pricing";
import { createServerCart } from "./server-cart";

export function cartRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  // With the read cache: the anonymous cart is re-priced on every view and count change.
  const pricing = createCartPricing(deps.db, { onChange: deps.onChange, cacheTtlMs: deps.readCacheTtlMs });
  const carts = createServerCart(deps.db, pricing);
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.cartUnauth, async ({ body }) => (await pricing.price(body.variations, body.comment ?? "")).cart, opts);
  route(app, endpoints.cartDetail, (_, c) => carts.detail(requireUser(c).id), opts);
  route(app, endpoints.cartRecalculate, ({ body }, c) => carts.recalculate(requireUser(c).id, body.items), opts);
  route(app, endpoints.cartComment, ({ body }, c) => carts.comment(requireUser(c).id, body.text), opts);
  route(app, endpoints.cartClear, (_, c) => carts.clear(requireUser(c).id), opts);
  route(app, endpoints.cartImageAdd, ({ body }, c) => carts.addImages(requireUser(c).id, body.imageKeys), opts);
  route(app, endpoints.cartImageDelete, ({ body }, c) => carts.removeImages(requireUser(c).id, body.imageKeys), opts);
  route(app, endpoints.cartMerge, ({ body }, c) => carts.merge(requireUser(c).id, body), opts);
  return app;
}
