import { parse, serialize, type SerializeOptions } from "cookie";
import { CITY_ASKED_COOKIE, CITY_COOKIE, CITY_COOKIE_MAX_AGE, baseHostname, isValidHostname } from "#app/lib/city.ts";

/** §9: auth cookie lifetime, 31 days. */
export const AUTH_COOKIE_MAX_AGE = 2678400;
/** §3 names of the auth cookie pair, as they are on http (local development, tests). */
export const TOKEN_COOKIE = "token";
export const REFRESH_COOKIE = "refreshToken";
/**
 * On https the pair is `__Secure-token` / `__Secure-refreshToken` (issue 25, ADR 040): a browser
 * takes a `__Secure-` cookie only with Secure from an https page, so a page on plain http (or a
 * sibling subdomain served over http) cannot plant or overwrite the session. `__Host-` would be
 * stronger but forbids Domain, and §9 shares the session with the msk. host.
 */
export const SECURE_COOKIE_PREFIX = "__Secure-";
export const SECURE_TOKEN_COOKIE = `${SECURE_COOKIE_PREFIX}${TOKEN_COOKIE}`;
export const SECURE_REFRESH_COOKIE = `${SECURE_COOKIE_PREFIX}${REFRESH_COOKIE}`;
/** Every name an auth cookie may have: whoever sends one of them is treated as logged in (page cache). */
export const AUTH_COOKIE_NAMES: readonly string[] = [TOKEN_COOKIE, REFRESH_COOKIE, SECURE_TOKEN_COOKIE, SECURE_REFRESH_COOKIE];

/** The auth pair's names on this protocol. */
export function authCookieNames(https: boolean): { token: string; refreshToken: string } {
  return https ? { token: SECURE_TOKEN_COOKIE, refreshToken: SECURE_REFRESH_COOKIE } : { token: TOKEN_COOKIE, refreshToken: REFRESH_COOKIE };
}

export interface FoundAuthCookies {
  token?: string;
  refreshToken?: string;
  /**
   * On https, the plain pair of before the prefix is there: it is moved to the `__Secure-` names
   * (when it is the session) or cleared (authCookieMigration).
   */
  legacy: boolean;
}

/**
 * The session's cookies for the request's protocol. On https the `__Secure-` pair; without it,
 * a plain pair set before the prefix existed is still the session (a deploy must not log every
 * visitor out), to be moved. On http only the plain names: a browser keeps `__Secure-` cookies
 * away from http pages anyway.
 */
export function readAuthCookies(cookies: Record<string, string | undefined>, https: boolean): FoundAuthCookies {
  if (!https) return { token: cookies[TOKEN_COOKIE], refreshToken: cookies[REFRESH_COOKIE], legacy: false };
  const legacy = cookies[TOKEN_COOKIE] !== undefined || cookies[REFRESH_COOKIE] !== undefined;
  if (cookies[SECURE_TOKEN_COOKIE] !== undefined || cookies[SECURE_REFRESH_COOKIE] !== undefined) {
    return { token: cookies[SECURE_TOKEN_COOKIE], refreshToken: cookies[SECURE_REFRESH_COOKIE], legacy };
  }
  return { token: cookies[TOKEN_COOKIE], refreshToken: cookies[REFRESH_COOKIE], legacy };
}

export function readCookies(header: string | undefined | null): Record<string, string | undefined> {
  return header ? parse(header) : {};
}

/** Lower case, without a port or a trailing dot ("Example.RU.:443" → "example.ru"; "[::1]:3000" → "[::1]"). */
function normalizeHostname(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  // IPv6: bracketed (possibly with a port), or bare with several colons.
  if (host.startsWith("[")) return host.replace(/^(\[[^\]]*\]).*$/, "$1");
  if (host.split(":").length > 2) return `[${host}]`;
  const bare = host.replace(/:\d*$/, "");
  return bare.replace(/\.$/, "");
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Local hosts and IP addresses get neither Secure nor a Domain (browsers refuse Domain=localhost or an IP). */
export function isLocalHost(hostname: string): boolean {
  const host = normalizeHostname(hostname);
  return host === "localhost" || host.endsWith(".localhost") || IPV4.test(host) || host.startsWith("[");
}

/**
 * §9: shared across subdomains, so msk.example.ru and example.ru see the same cookie. Only a valid
 * host name becomes a Domain (issue 16: a Domain built from a bad Host header made `cookie` throw
 * inside the city middleware and took the process down); otherwise the cookie is host-only.
 * COOKIE_DOMAIN is checked once at start (env.server.ts).
 */
export function cookieDomain(hostname: string, configured?: string): string | undefined {
  if (configured) return configured;
  const host = normalizeHostname(hostname);
  if (isLocalHost(host) || !isValidHostname(host)) return undefined;
  const base = baseHostname(host);
  return base.includes(".") ? base : undefined;
}

/** Whether a cookie set on `fromHostname` with the §9 Domain is also sent to `toHostname` (a real domain, not local hosts). */
export function sharesCookies(fromHostname: string, toHostname: string, configured?: string): boolean {
  const domain = cookieDomain(fromHostname, configured)?.replace(/^\./, "").toLowerCase();
  if (!domain) return false;
  const to = normalizeHostname(toHostname);
  return to === domain || to.endsWith(`.${domain}`);
}

function baseOptions(hostname: string, configuredDomain?: string, https = false): SerializeOptions {
  const local = isLocalHost(hostname);
  return {
    path: "/",
    domain: cookieDomain(hostname, configuredDomain),
    sameSite: "lax",
    secure: https || !local,
  };
}

/**
 * The auth cookie pair (§9), `__Secure-` on https. HttpOnly: the browser never handles the token
 * (ADR 003). On https the plain pair of before the prefix is cleared with every write, so it
 * cannot outlive the session it belonged to.
 */
export function authCookies(hostname: string, tokens: { token: string; refreshToken: string } | null, configuredDomain?: string, https = false): string[] {
  const options: SerializeOptions = { ...baseOptions(hostname, configuredDomain, https), httpOnly: true };
  const names = authCookieNames(https);
  const clear = (name: string) => serialize(name, "", { ...options, maxAge: 0 });
  const legacy = https ? [TOKEN_COOKIE, REFRESH_COOKIE].map(clear) : [];
  if (!tokens) return [clear(names.token), clear(names.refreshToken), ...legacy];
  return [
    serialize(names.token, tokens.token, { ...options, maxAge: AUTH_COOKIE_MAX_AGE }),
    serialize(names.refreshToken, tokens.refreshToken, { ...options, maxAge: AUTH_COOKIE_MAX_AGE }),
    ...legacy,
  ];
}

/**
 * On https, a plain pair of before the prefix moves to the `__Secure-` names (the same values:
 * the session goes on) and the plain cookies are cleared; nothing when there is nothing to move.
 */
export function authCookieMigration(hostname: string, found: FoundAuthCookies, configuredDomain?: string): string[] {
  if (!found.legacy) return [];
  const options: SerializeOptions = { ...baseOptions(hostname, configuredDomain, true), httpOnly: true, maxAge: AUTH_COOKIE_MAX_AGE };
  const moved = [
    ...(found.token ? [serialize(SECURE_TOKEN_COOKIE, found.token, options)] : []),
    ...(found.refreshToken ? [serialize(SECURE_REFRESH_COOKIE, found.refreshToken, options)] : []),
  ];
  return [...moved, ...[TOKEN_COOKIE, REFRESH_COOKIE].map((name) => serialize(name, "", { ...options, maxAge: 0 }))];
}

/** §4: the chosen city id is written back (2678400 s, path /). */
export function cityCookie(hostname: string, cityId: number, configuredDomain?: string): string {
  return serialize(CITY_COOKIE, String(cityId), { ...baseOptions(hostname, configuredDomain), maxAge: CITY_COOKIE_MAX_AGE });
}

/** ADR 062: the city question is answered (a choice, a confirmation or a dismissal); as long as cityId. */
export function cityAskedCookie(hostname: string, configuredDomain?: string): string {
  return serialize(CITY_ASKED_COOKIE, "1", { ...baseOptions(hostname, configuredDomain), maxAge: CITY_COOKIE_MAX_AGE });
}

/** §4: the manager chosen on the ordering page is remembered (logout clears it). */
export const MANAGER_COOKIE = "managerId";

export function managerCookie(hostname: string, managerId: number | null, configuredDomain?: string, https = false): string {
  const options = { ...baseOptions(hostname, configuredDomain, https), httpOnly: true };
  return managerId === null
    ? serialize(MANAGER_COOKIE, "", { ...options, maxAge: 0 })
    : serialize(MANAGER_COOKIE, String(managerId), { ...options, maxAge: AUTH_COOKIE_MAX_AGE });
}
