/**
 * §7 "Profile": delivery addresses and legal companies of the caller (ADR 035). Every route needs
 * the token: an anonymous call is a 401 before its input is read (http/route.ts). Companies travel as form data
 * with an optional logo, bounded before the body is read.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { endpoints, LOGO_SIZE_MESSAGE, MAX_LOGO_BYTES } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { honoPath, route } from "../http/route";
import { requireUser } from "../auth/session";
import { createAddressService } from "./addresses";
import { createCompanyService } from "./companies";

/** The logo plus the form's text fields and multipart overhead. */
export const LEGAL_FORM_BODY_LIMIT = MAX_LOGO_BYTES + 64 * 1024;

export function accountRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const addresses = createAddressService(deps.db);
  const companies = createCompanyService(deps.db);
  const opts = { validateResponses: deps.validateResponses };

  for (const e of [endpoints.legalCreate, endpoints.legalUpdate]) {
    app.use(
      honoPath(e.path),
      bodyLimit({
        maxSize: LEGAL_FORM_BODY_LIMIT,
        onError: (c) => c.json({ message: LOGO_SIZE_MESSAGE, errors: [{ field: "image", message: LOGO_SIZE_MESSAGE }] }, 413),
      }),
    );
  }

  route(app, endpoints.shipmentAddressList, (_, c) => addresses.list(requireUser(c).id), opts);
  route(app, endpoints.shipmentAddressUpdate, ({ body }, c) => addresses.replace(requireUser(c).id, body), opts);

  route(app, endpoints.legalMy, (_, c) => companies.my(requireUser(c).id), opts);
  route(app, endpoints.legalOur, (_, c) => companies.our(requireUser(c)), opts);
  route(app, endpoints.legalCreate, ({ body }, c) => companies.create(requireUser(c), body), opts);
  route(app, endpoints.legalUpdate, ({ params, body }, c) => companies.update(requireUser(c), params.id, body), opts);
  route(app, endpoints.legalDelete, ({ params }, c) => companies.remove(requireUser(c), params.id), opts);
  return app;
}
