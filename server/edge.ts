/**
 * The nginx edge in front of several instances (ADR 060, deploy/nginx/storefront.conf): which
 * requests are the edge's, and what an instance does differently for them.
 *
 * A request is the edge's when EDGE_SECRET is set, the peer is a trusted proxy (TRUST_PROXY) and
 * its `X-Edge-Secret` header equals the secret (compared in constant time). For such a request:
 * - the CSP nonce is the secret itself (server/security.ts): nginx replaces it, in the body
 *   (`sub_filter`) and in the Content-Security-Policy header (a `map`), by its `$request_id` —
 *   32 random hex characters per response, cached page or not;
 * - a page that may be shared keeps `Cache-Control: public, s-maxage=…, stale-while-revalidate=…`
 *   (nginx caches by it and sends browsers `private, no-cache`), and its city cookie travels in
 *   `X-Edge-City-Cookie`, which nginx stores with the page and turns back into a Set-Cookie
 *   (server/page-cache.ts, server/load-context.ts): nginx caches no answer that sets a cookie;
 * - crawlers are told apart by nginx (`X-Edge-Client: bot|person`, part of its cache key), so the
 *   document rendered is the one its key promises;
 * - the in-process page cache stands aside: one shared cache is enough.
 */
import { timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";

export const EDGE_SECRET_HEADER = "x-edge-secret";
export const EDGE_CLIENT_HEADER = "x-edge-client";
/** The city cookie of a page the edge may store: nginx turns it into Set-Cookie. */
export const EDGE_CITY_COOKIE_HEADER = "X-Edge-City-Cookie";

/** Whether this request came from the edge (and records it in res.locals.edge). */
export function markEdgeRequest(req: Request, res: Response, secret: string | undefined): boolean {
  const edge = secret !== undefined && fromTrustedProxy(req) && sameSecret(req.get(EDGE_SECRET_HEADER), secret);
  res.locals.edge = edge;
  return edge;
}

/** Set by markEdgeRequest (security headers, mounted before the city and the page cache). */
export function isEdgeResponse(res: Response): boolean {
  return res.locals.edge === true;
}

/** Crawler or person, as the edge keyed it; undefined when the request is not the edge's. */
export function edgeSaysBot(req: Request, res: Response): boolean | undefined {
  if (!isEdgeResponse(res)) return undefined;
  const client = req.get(EDGE_CLIENT_HEADER);
  return client === "bot" ? true : client === "person" ? false : undefined;
}

function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  const peer = req.socket.remoteAddress;
  return Boolean(trust && peer && trust(peer, 0));
}

function sameSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
