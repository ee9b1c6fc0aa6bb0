/** §7 "Cart": the anonymous cart is priced by cart/unauth; nothing is stored (§4: tmg_cart stays in the browser). */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createCartPricing } from "./pricing";

export function cartRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  // With the read cache: the anonymous cart is re-priced on every view and count change.
  const pricing = createCartPricing(deps.db, { onChange: deps.onChange, cacheTtlMs: deps.readCacheTtlMs });
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.cartUnauth, async ({ body }) => (await pricing.price(body.variations, body.comment ?? "")).cart, opts);
  return app;
}
