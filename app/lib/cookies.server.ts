import { parse, serialize, type SerializeOptions } from "cookie";
import { CITY_COOKIE, CITY_COOKIE_MAX_AGE, baseHostname, isValidHostname } from "#app/features/city/city.ts";

/** §9: auth cookie lifetime, 31 days. */
export const AUTH_COOKIE_MAX_AGE = 2678400;
export const TOKEN_COOKIE = "token";
export const REFRESH_COOKIE = "refreshToken";

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

function baseOptions(hostname: string, configuredDomain?: string): SerializeOptions {
  const local = isLocalHost(hostname);
  return {
    path: "/",
    domain: cookieDomain(hostname, configuredDomain),
    sameSite: "lax",
    secure: !local,
  };
}

/** The auth cookie pair (§9). HttpOnly: the browser never handles the token (ADR 003). */
export function authCookies(hostname: string, tokens: { token: string; refreshToken: string } | null, configuredDomain?: string): string[] {
  const options: SerializeOptions = { ...baseOptions(hostname, configuredDomain), httpOnly: true };
  if (!tokens) {
    return [TOKEN_COOKIE, REFRESH_COOKIE].map((name) => serialize(name, "", { ...options, maxAge: 0 }));
  }
  return [
    serialize(TOKEN_COOKIE, tokens.token, { ...options, maxAge: AUTH_COOKIE_MAX_AGE }),
    serialize(REFRESH_COOKIE, tokens.refreshToken, { ...options, maxAge: AUTH_COOKIE_MAX_AGE }),
  ];
}

/** §4: the chosen city id is written back (2678400 s, path /). */
export function cityCookie(hostname: string, cityId: number, configuredDomain?: string): string {
  return serialize(CITY_COOKIE, String(cityId), { ...baseOptions(hostname, configuredDomain), maxAge: CITY_COOKIE_MAX_AGE });
}

/** §4: the manager chosen on the ordering page is remembered (logout clears it). */
export const MANAGER_COOKIE = "managerId";

export function managerCookie(hostname: string, managerId: number | null, configuredDomain?: string): string {
  const options = { ...baseOptions(hostname, configuredDomain), httpOnly: true };
  return managerId === null
    ? serialize(MANAGER_COOKIE, "", { ...options, maxAge: 0 })
    : serialize(MANAGER_COOKIE, String(managerId), { ...options, maxAge: AUTH_COOKIE_MAX_AGE });
}
