/** The newsletter subscription (contract/subscription.ts): subscribe, and confirm by the letter's link. */
import { Hono, type Context } from "hono";
import { endpoints, SITE_ORIGIN_HEADER } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createMailer } from "../mail/mailer";
import { createSubscriptionService } from "./service";

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * Where the letter's link points. SITE_URL when configured: always in production with SMTP
 * (app/lib/env.server.ts refuses SMTP_URL without it), so a stranger cannot make our letter carry
 * a link to another site by sending a forged header. Without SITE_URL letters go to the log, read
 * by the developer only, and the link follows the storefront's header or the API's own origin.
 */
export function siteOrigin(deps: ApiDeps, c: Context): string {
  if (deps.siteUrl) return deps.siteUrl.replace(/\/$/, "");
  const named = c.req.header(SITE_ORIGIN_HEADER);
  if (named && ORIGIN.test(named)) return named.toLowerCase();
  return new URL(c.req.url).origin;
}

export function subscriptionRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const service = createSubscriptionService(deps.db, deps.mailer ?? createMailer());
  const opts = { validateResponses: deps.validateResponses };
  route(app, endpoints.subscriptionCreate, ({ body }, c) => service.subscribe(body.email, siteOrigin(deps, c)), opts);
  route(app, endpoints.subscriptionConfirm, ({ body }) => service.confirm(body.token), opts);
  return app;
}
