import { randomFillSync } from "node:crypto";
import type { RequestHandler } from "express";
import { hostForCity } from "#app/lib/city.ts";
import { markEdgeRequest } from "./edge.ts";

/** The plain and the msk. origin of the requesting host. */
function regionalOrigins(protocol: string, host: string): string {
  if (!/^[a-z0-9.:[\]-]+$/i.test(host)) return "";
  return [hostForCity(host, { domainPrefix: null }), hostForCity(host, { domainPrefix: "msk" })].map((h) => `${protocol}://${h}`).join(" ");
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces at a time (one system call instead of 256); each slice is used once. */
const randomPool = Buffer.alloc(NONCE_BYTES * 256);
let randomUsed = randomPool.length;

/** A fresh 128-bit nonce from the system's CSPRNG, base64. */
export function newNonce(): string {
  if (randomUsed === randomPool.length) {
    randomFillSync(randomPool);
    randomUsed = 0;
  }
  const nonce = randomPool.toString("base64", randomUsed, randomUsed + NONCE_BYTES);
  randomUsed += NONCE_BYTES;
  return nonce;
}

/** The policy's text after the nonce, per protocol and host (a few in practice; bounded anyway). */
const policyTails = new Map<string, string>();
const POLICY_TAILS_KEPT = 64;

/**
 * Yandex Metrika's host (§9, ADR 032), only when METRIKA_ID is set: its tag is inserted by our
 * nonce'd loader (trusted through 'strict-dynamic'; the host is named too for browsers without
 * it), and it reports through images and fetch/beacon requests to the same host.
 */
export const METRIKA_ORIGIN = "https://mc.yandex.ru";

function policyTail(protocol: string, host: string, frameSources: string, analytics: string, errorReports = ""): string {
  // Options are part of the key: two servers with different options may share this module (tests).
  const key = `${protocol}://${host}\n${frameSources}\n${analytics}\n${errorReports}`;
  let tail = policyTails.get(key);
  if (tail === undefined) {
    tail = [
      `'strict-dynamic'${analytics}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${analytics}`,
      "font-src 'self'",
      `connect-src 'self'${analytics}${errorReports}`,
      `frame-src 'self'${frameSources}`,
      "frame-ancestors 'self'",
      // The city picker posts to /city, which may redirect to the other regional host (§1).
      `form-action 'self' ${regionalOrigins(protocol, host)}`,
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
    if (policyTails.size >= POLICY_TAILS_KEPT) policyTails.clear();
    policyTails.set(key, tail);
  }
  return tail;
}

/** HSTS for a year, subdomains (the msk. variant) included (issue 16). */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers with a per-request CSP nonce (res.locals.nonce). Scripts run only with
 * the nonce; styles allow inline attributes because React writes style props. The host is the
 * one the request guard checked (Host, or a trusted proxy's X-Forwarded-Host). `edgeSecret`
 * (EDGE_SECRET): requests of the nginx edge that carry it get it as their nonce (server/edge.ts).
 */
export function securityHeaders(
  options: { frameSources?: readonly string[]; metrika?: boolean; reportTo?: string; edgeSecret?: string } = {},
): RequestHandler {
  // Other sites the pages may embed (the contacts page's map widget, when a key is configured).
  const frameSources = (options.frameSources ?? []).map((source) => ` ${source}`).join("");
  // The browser's error reports go to the DSN's host (SENTRY_DSN, ADR 058): connect-src only.
  const errorReports = options.reportTo ? ` ${new URL(options.reportTo).origin}` : "";
  const analytics = options.metrika ? ` ${METRIKA_ORIGIN}` : "";
  return (req, res, next) => {
    // A request from the nginx edge (ADR 060, server/edge.ts): the nonce is the edge's secret
    // placeholder, which nginx replaces by a fresh random value in each response it sends.
    const nonce = markEdgeRequest(req, res, options.edgeSecret) ? options.edgeSecret! : newNonce();
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${nonce}' ${policyTail(req.protocol, req.host ?? "", frameSources, analytics, errorReports)}`);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    // Browsers ignore HSTS over plain http (RFC 6797 §8.1); sent only where it means something.
    if (req.protocol === "https") res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
