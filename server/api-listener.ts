/**
 * The embedded reference API's /api for browsers and other clients (ADR 048: Express stays in
 * server/). The storefront's own calls go to `backend.fetch` in process; this listener hands
 * outside requests to the same fetch through @hono/node-server.
 */
import type { Request as ExpressRequest, RequestHandler } from "express";
import { getRequestListener } from "@hono/node-server";
import { CLIENT_IP_HEADER } from "#contract/auth.ts";
import type { Backend } from "#app/lib/backend.server.ts";

/**
 * An outside caller of /api (the browser, a script) is known by the IP Express saw (`req.ip`,
 * after `trust proxy`), never by a header it sent itself: CLIENT_IP_HEADER, which every per-IP
 * limit counts by (ADR 033, 041), is replaced before the request reaches the embedded API. The
 * storefront's own in-process calls set it from the visitor's `req.ip` (app/lib/context.server.ts).
 */
export function setClientIpHeader(req: Pick<ExpressRequest, "ip" | "headers" | "rawHeaders">): void {
  const name = CLIENT_IP_HEADER.toLowerCase();
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i].toLowerCase() === name) req.rawHeaders.splice(i, 2);
  }
  if (req.ip) {
    req.headers[name] = req.ip;
    req.rawHeaders.push(CLIENT_IP_HEADER, req.ip);
  } else delete req.headers[name];
}

/** Express middleware serving /api from the embedded API; null when the API is elsewhere (API_URL). */
export function apiListener(backend: Backend): RequestHandler | null {
  if (!backend.embedded) return null;
  const listen = getRequestListener((request) => backend.fetch(request));
  return (req, res, next) => {
    if (req.path === "/api" || req.path.startsWith("/api/")) {
      setClientIpHeader(req);
      void listen(req, res);
    } else next();
  };
}
