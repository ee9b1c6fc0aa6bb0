import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { hostForCity } from "#app/features/city/city.ts";

/** The plain and the msk. origin of the requesting host. */
function regionalOrigins(protocol: string, host: string): string {
  if (!/^[a-z0-9.:[\]-]+$/i.test(host)) return "";
  return [hostForCity(host, { domainPrefix: null }), hostForCity(host, { domainPrefix: "msk" })].map((h) => `${protocol}://${h}`).join(" ");
}

/**
 * Security headers with a per-request CSP nonce (res.locals.nonce). Scripts run only with
 * the nonce; styles allow inline attributes because React writes style props.
 */
export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'self'",
        "frame-ancestors 'self'",
        // The city picker posts to /city, which may redirect to the other regional host (§1).
        `form-action 'self' ${regionalOrigins(req.protocol, req.get("host") ?? "")}`,
        "base-uri 'self'",
        "object-src 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Strict-Transport-Security", "max-age=15552000; includeSubDomains");
    next();
  };
}
