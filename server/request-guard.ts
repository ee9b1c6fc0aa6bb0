/**
 * The first checks every request passes (issue 16, ADR 024): nothing after them builds a URL, an
 * origin or a cookie attribute from a header they have not checked.
 *
 * - Methods: the ones the shop and its /api answer; others (TRACE, PROPFIND, …) are 405. `fetch`'s
 *   Request refuses TRACE, so it was a 500 in React Router's adapter.
 * - The request target must be a path ("origin-form"); an absolute URL or "abc" made React
 *   Router's adapter build an invalid URL (500). `OPTIONS *` answers the methods.
 * - X-Forwarded-Proto/-Host/-For are dropped unless the peer is a trusted proxy (TRUST_PROXY):
 *   otherwise any client chooses its own protocol, host and IP.
 * - Host, and a trusted X-Forwarded-Host, must be a valid host (RFC 9112 §3.2: else 400); a
 *   trusted X-Forwarded-Proto must be http or https.
 */
import type { Request, RequestHandler } from "express";
import { isValidHost } from "#app/lib/city.ts";
import { quoted, reject } from "./reject.ts";
import { redactUrl } from "#log/redact.ts";

/** Every method a page, a resource route or the /api answers. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto"] as const;

/** Whether the peer of this connection is a proxy we trust (Express compiles TRUST_PROXY into this). */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  return trust(req.socket.remoteAddress, 0);
}

export function requestGuard(): RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED.has(req.method)) {
      return reject(res, 405, "Метод не поддерживается", `method ${quoted(req.method)}`, { Allow: ALLOW_HEADER });
    }
    if (!req.url.startsWith("/")) {
      if (req.url === "*" && req.method === "OPTIONS") return void res.set("Allow", ALLOW_HEADER).status(204).end();
      return reject(res, 400, "Неверный адрес запроса", `request target ${quoted(redactUrl(req.url))}`);
    }
    if (!fromTrustedProxy(req)) {
      for (const name of FORWARDED_HEADERS) delete req.headers[name];
    }
    // No Host at all is HTTP/1.0 (Node answers 400 to HTTP/1.1 without one): the pages fall back to localhost.
    const host = req.headers.host;
    if (host !== undefined && !isValidHost(host)) return reject(res, 400, "Неверный адрес сайта (Host)", `invalid Host ${quoted(host)}`);
    if (req.headers["x-forwarded-host"] !== undefined && !isValidHost(req.host)) {
      return reject(res, 400, "Неверный адрес сайта (X-Forwarded-Host)", `invalid X-Forwarded-Host ${quoted(req.get("x-forwarded-host"))}`);
    }
    if (req.protocol !== "http" && req.protocol !== "https") {
      return reject(res, 400, "Неверный протокол (X-Forwarded-Proto)", `invalid X-Forwarded-Proto ${quoted(req.get("x-forwarded-proto"))}`);
    }
    // Host names are case-insensitive: one spelling from here on, so a page rendered for
    // "LocalHost" is the page the cache keeps (and serves) for "localhost".
    if (host !== undefined) req.headers.host = host.toLowerCase();
    const forwardedHost = req.headers["x-forwarded-host"];
    if (typeof forwardedHost === "string") req.headers["x-forwarded-host"] = forwardedHost.toLowerCase();
    next();
  };
}

/** Pages and resource routes are read (GET, HEAD) and written by forms (POST). */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
const PAGE_ALLOW_HEADER = [...PAGE_METHODS].join(", ");

/**
 * In front of the pages (not /api or static files):
 * - methods other than GET, HEAD and POST are 405 here: React Router refuses OPTIONS, and answers
 *   PUT or DELETE on a page without an action with a 405 and a stack trace in the log;
 * - a path whose percent-encoding is broken is a 400 (React Router could not decode it either).
 *   A path that decodes to characters no page URL has ("/brands/кр", "/brands/a%20b") goes on to
 *   the pages, which check their params themselves and answer the §2 404 page (issue 16: such
 *   slugs were put into Location headers, a 500 and a redirect loop).
 */
export function pageGuard(): RequestHandler {
  return (req, res, next) => {
    if (!PAGE_METHODS.has(req.method)) {
      return reject(res, 405, "Метод не поддерживается", `method ${quoted(req.method)} on a page`, { Allow: PAGE_ALLOW_HEADER });
    }
    try {
      decodeURIComponent(req.path);
    } catch {
      return reject(res, 400, "Неверный адрес страницы", `bad percent-encoding in ${quoted(redactUrl(req.path))}`);
    }
    next();
  };
}
