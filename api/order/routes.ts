/**
 * §7 "Orders": order/manager, the caller's orders (order/?page&sortBy&sortOrder), order/create (the
 * server cart) and order/create_unauth (both honour the Idempotency-Key header, ADR 025, 035).
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createCartPricing } from "../cart/pricing";
import { createMailer } from "../mail/mailer";
import { createOrderService } from "./service";
import { requireUser } from "../auth/session";

export function orderRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const orders = createOrderService(deps.db, createCartPricing(deps.db, { cacheTtlMs: 0 }), deps.mailer ?? createMailer());
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.orderManagers, () => orders.managers(), opts);
  route(app, endpoints.orderList, ({ query }, c) => orders.list(requireUser(c).id, query), opts);
  route(app, endpoints.orderCreate, ({ body }, c) => orders.create(requireUser(c).id, body, c.req.header("Idempotency-Key") ?? null), opts);
  route(app, endpoints.orderCreateUnauth, ({ body }, c) => orders.createUnauth(body, c.req.header("Idempotency-Key") ?? null), opts);
  return app;
}
