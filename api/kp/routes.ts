/** §7 "/api/kp", read-only for now: kp/list and kp/read/{id}, scoped by role (api/kp/service.ts, ADR 035). */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { requireUser } from "../auth/session";
import { createKpService } from "./service";

export function kpRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const offers = createKpService(deps.db);
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.kpList, ({ query }, c) => offers.list(requireUser(c), query), opts);
  route(app, endpoints.kpRead, ({ params }, c) => offers.read(requireUser(c), params.id), opts);
  return app;
}
