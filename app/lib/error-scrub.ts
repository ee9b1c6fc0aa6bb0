/**
 * What error reports may carry (issue 28, ADR 058): the error, the page (its route), the release,
 * never a person. Both SDKs (server: app/lib/error-reporting.server.ts, browser:
 * app/lib/error-reporting.client.ts) pass every event and transaction through `scrubEvent` just
 * before it is sent:
 *
 * - no user, no cookies, no request headers (they carry the session token), no request body;
 * - URLs (the request's, breadcrumbs', spans') through the server log's rule when the server gives
 *   it (log/redact.ts: token/password/secret parameters, the reset link's token, file keys,
 *   public offer ids), and on both sides: every query value whose name says token, password,
 *   secret, code, e-mail or phone, and any path segment that looks like a random key;
 * - e-mail addresses and phone numbers in every string that remains (messages, exception values,
 *   extra, contexts, tags, breadcrumbs), replaced by "[скрыто]".
 */

import type { DataCollection } from "@sentry/core";

/**
 * What the SDKs themselves collect (Sentry 11's replacement of `sendDefaultPii: false`): no user,
 * cookies, headers, bodies, query strings or local variables.
 */
export const NO_PERSONAL_DATA: DataCollection = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  stackFrameVariables: false,
};

/** What stands for a hidden value (as the server log writes it). */
export const HIDDEN = "[скрыто]";

const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/**
 * A phone: +7/8 and ten digits with any spaces, dashes, dots and brackets between them (as people
 * type them, also URL-encoded: %2B, %20, %28, %29), or a bare run of 10–15 digits (a 10-digit one is a number without +7).
 */
const PHONE = /(?:\+|%2B)?(?<![\d])(?:\d(?:[\s().-]|%20|%28|%29){0,3}){9,14}\d(?![\d])/gi;
/** A query parameter whose value is never sent. */
const SECRET_PARAM = /token|password|passwd|secret|code|e-?mail|phone|tel|auth|session/i;
/** A path segment that looks like a random key: 20+ letters, digits, dashes or underscores with digits in it. */
const RANDOM_SEGMENT = /^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}$/;

/** E-mails and phones in free text. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, HIDDEN).replace(PHONE, HIDDEN);
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** A URL or request target with its secrets and personal data hidden. */
export function scrubUrl(target: string, redactUrl: (target: string) => string = (t) => t): string {
  const redacted = redactUrl(target);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(redacted)?.[0] ?? "";
  const rest = redacted.slice(origin.length).replace(/#.*$/, "");
  const q = rest.indexOf("?");
  const path = (q === -1 ? rest : rest.slice(0, q))
    .split("/")
    .map((segment) => (RANDOM_SEGMENT.test(segment.replace(/\.data$/, "")) ? HIDDEN : segment))
    .join("/");
  const query =
    q === -1
      ? ""
      : `?${rest
          .slice(q + 1)
          .split("&")
          .map((pair) => {
            const eq = pair.indexOf("=");
            return eq !== -1 && SECRET_PARAM.test(decodedName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${HIDDEN}` : pair;
          })
          .join("&")}`;
  return scrubText(origin + path + query);
}

/** Strings anywhere inside a value (depth-limited), scrubbed; keys that name a secret lose their value. */
function scrubDeep(value: unknown, urlOf: (s: string) => string, depth = 0): unknown {
  if (typeof value === "string") return /^(https?:\/\/|\/)/.test(value) ? urlOf(value) : scrubText(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, urlOf, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = /cookie|authorization|token|password|secret|e-?mail|phone|^ip(_address)?$/i.test(key) ? HIDDEN : scrubDeep(item, urlOf, depth + 1);
  }
  return out;
}

/** The parts of a Sentry event (or transaction) this module looks at; the rest passes as it is. */
export interface ScrubbableEvent {
  message?: string;
  transaction?: string;
  user?: unknown;
  request?: { url?: string; query_string?: unknown; cookies?: unknown; headers?: unknown; data?: unknown; env?: unknown; method?: string };
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: { message?: string; data?: Record<string, unknown> }[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  spans?: { description?: string; data?: Record<string, unknown> }[];
  server_name?: string;
}

/**
 * The event as it may leave: the person removed, URLs and strings scrubbed. Mutates and returns
 * the event (the SDK's `beforeSend` contract).
 */
export function scrubEvent<E extends ScrubbableEvent>(event: E, redactUrl?: (target: string) => string): E {
  const urlOf = (s: string) => scrubUrl(s, redactUrl);
  delete event.user;
  delete event.server_name;
  if (event.request) {
    const { url, method } = event.request;
    event.request = { ...(method ? { method } : {}), ...(url ? { url: urlOf(url) } : {}) };
  }
  if (event.message) event.message = scrubText(event.message);
  if (event.transaction) event.transaction = urlOf(event.transaction);
  for (const value of event.exception?.values ?? []) if (value.value) value.value = scrubText(value.value);
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = scrubText(crumb.message);
    if (crumb.data) crumb.data = scrubDeep(crumb.data, urlOf) as Record<string, unknown>;
  }
  for (const span of event.spans ?? []) {
    if (span.description) span.description = urlOf(span.description);
    if (span.data) span.data = scrubDeep(span.data, urlOf) as Record<string, unknown>;
  }
  if (event.extra) event.extra = scrubDeep(event.extra, urlOf) as Record<string, unknown>;
  if (event.tags) event.tags = scrubDeep(event.tags, urlOf) as Record<string, unknown>;
  if (event.contexts) {
    const { trace, ...rest } = event.contexts as { trace?: { data?: Record<string, unknown> } } & Record<string, unknown>;
    // The trace context's ids must stay as they are; its data (url, query) is scrubbed.
    if (trace?.data) trace.data = scrubDeep(trace.data, urlOf) as Record<string, unknown>;
    event.contexts = { ...(scrubDeep(rest, urlOf) as Record<string, unknown>), ...(trace ? { trace } : {}) };
  }
  return event;
}

/**
 * A span as it may leave (Sentry 11 streams spans; `beforeSendSpan`): its name (a URL until the
 * route names it) and its attributes scrubbed. Mutates and returns the span.
 */
export function scrubSpan<S extends { name: string; attributes?: Record<string, unknown> }>(span: S, redactUrl?: (target: string) => string): S {
  const urlOf = (s: string) => scrubUrl(s, redactUrl);
  span.name = span.name.replace(/(^|\s)(\/\S*|https?:\/\/\S+)/g, (_m, space: string, url: string) => space + urlOf(url));
  if (span.attributes) span.attributes = scrubDeep(span.attributes, urlOf) as Record<string, unknown>;
  return span;
}
