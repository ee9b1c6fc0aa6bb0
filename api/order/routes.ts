/** §7 "Orders": order/manager and order/create_unauth (the Idempotency-Key header is honoured, ADR 025). */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createCartPricing } from "../cart/pricing";
import { createMailer } from "../mail/mailer";
import { createOrderService } from "./service";

export function orderRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const orders = createOrderService(deps.db, createCartPricing(deps.db, { cacheTtlMs: 0 }), deps.mailer ?? createMailer());
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.orderManagers, () => orders.managers(), opts);
  route(app, endpoints.orderCreateUnauth, ({ body }, c) => orders.createUnauth(body, c.req.header("Idempotency-Key") ?? null), opts);
  return app;
}
