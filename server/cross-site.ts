/**
 * Cross-site request forgery (issue 16, ADR 024): the logic of Hono's `csrf()` for the whole
 * pipeline, pages, resource routes and /api alike. Cookies are SameSite=Lax (§9), and a request
 * other than GET/HEAD/OPTIONS is refused with 403 when the browser says it comes from another site:
 *
 * - an Origin header that is neither this origin nor its regional variant (the msk. prefix of the
 *   same base host, §1: the city switch posts from one to the other), "null" included;
 * - without an Origin, a Sec-Fetch-Site of "cross-site" or "same-site" (a sibling subdomain is
 *   another site to us unless its Origin proves otherwise).
 *
 * The regional variant counts whatever Sec-Fetch-Site says: Chromium takes msk.localhost and
 * localhost for two sites. A request with neither header is not from a browser (curl, a server),
 * so there is nothing to forge: it passes, as in Hono. Unlike Hono, JSON bodies are checked too.
 */
import type { Request, RequestHandler } from "express";
import { hostForCity, MOSCOW_PREFIX } from "#app/lib/city.ts";
import { quoted, reject } from "./reject.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "Запрос с другого сайта отклонён";

/** The origins that count as this site for a request on `protocol://host`: the host and its regional variant. */
export function siteOrigins(protocol: string, host: string): string[] {
  const origins: string[] = [];
  for (const domainPrefix of [null, MOSCOW_PREFIX]) {
    try {
      origins.push(new URL(`${protocol}://${hostForCity(host, { domainPrefix })}`).origin);
    } catch {
      // No origin can be built on a host that is not one (the request guard has refused it).
    }
  }
  return origins;
}

/** Whether the browser's own headers say this request was made by a page of this site. */
export function isSameSiteRequest(req: Pick<Request, "protocol" | "host" | "get">): boolean {
  const origin = req.get("origin");
  if (origin !== undefined) return siteOrigins(req.protocol, req.host ?? "").includes(origin.toLowerCase());
  const fetchSite = req.get("sec-fetch-site")?.toLowerCase();
  return fetchSite !== "cross-site" && fetchSite !== "same-site";
}

export function crossSiteGuard(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameSiteRequest(req)) return next();
    const from = req.get("origin") ?? `Sec-Fetch-Site ${req.get("sec-fetch-site")}`;
    reject(res, 403, CROSS_SITE_MESSAGE, `cross-site ${req.method} from ${quoted(from)}`);
  };
}
