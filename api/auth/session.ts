/**
 * Sessions of the reference API (issue 19): a short-lived signed access token (JWT, HS256, `jose`)
 * carried as `Authorization: Bearer`, verified without a database read. The refresh token is an
 * opaque random string stored hashed (api/auth/tokens.ts) and rotates on every use.
 *
 * `sessionMiddleware` reads the bearer on every /api request: no header = anonymous; a token that
 * is forged, malformed or expired = 401 at once (the storefront then refreshes, §4/§8), never a
 * silent downgrade to anonymous. Handlers ask `requireUser(c)` / `requireRole(c, …)`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { Role } from "../../contract/profile";
import { HttpError } from "../http/errors";

export type RoleName = Role;

export interface AuthUser {
  id: number;
  roles: RoleName[];
}

/** §6 roles other than ROLE_USER: staff. */
export const STAFF_ROLES: readonly RoleName[] = ["ROLE_MANAGER", "ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"];

export function isStaff(user: Pick<AuthUser, "roles">): boolean {
  return user.roles.some((role) => STAFF_ROLES.includes(role));
}

export function hasRole(user: Pick<AuthUser, "roles">, ...roles: RoleName[]): boolean {
  return user.roles.some((role) => roles.includes(role));
}

/** Access tokens live 15 minutes; the refresh token (31 days, §9) renews them. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = "tmg-reference-api";
const AUDIENCE = "tmg-storefront";

export const UNAUTHORIZED_MESSAGE = "Войдите в личный кабинет";
export const SESSION_EXPIRED_MESSAGE = "Сессия истекла, войдите снова";
export const FORBIDDEN_MESSAGE = "Недостаточно прав";

export interface SessionKeys {
  /** The HMAC key; resolved once (AUTH_SECRET, or the one stored in the database: api/auth/secret.ts). */
  key(): Promise<Uint8Array>;
  /** Clock in seconds (tests). */
  now?: () => number;
}

export async function signAccessToken(keys: SessionKeys, user: AuthUser, ttlS = ACCESS_TOKEN_TTL_S): Promise<string> {
  const now = keys.now?.() ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: user.roles })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlS)
    .sign(await keys.key());
}

/** The user of a valid token; null when the token is forged, malformed or expired. */
export async function verifyAccessToken(keys: SessionKeys, token: string): Promise<AuthUser | null> {
  try {
    const { payload } = await jwtVerify(token, await keys.key(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: keys.now ? new Date(keys.now() * 1000) : undefined,
    });
    const id = Number(payload.sub);
    const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is RoleName => Role.safeParse(r).success) : [];
    if (!Number.isSafeInteger(id) || id <= 0 || roles.length === 0) return null;
    return { id, roles };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

declare module "hono" {
  interface ContextVariableMap {
    /** The caller: null for anonymous requests (set by sessionMiddleware). */
    user: AuthUser | null;
  }
}

/** Bearer → `c.var.user`. A bearer that does not verify is a 401, whatever the route. */
export function sessionMiddleware(keys: SessionKeys): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) {
      c.set("user", null);
      return next();
    }
    const match = /^Bearer\s+(\S{1,8192})$/i.exec(header.trim());
    const user = match ? await verifyAccessToken(keys, match[1]) : null;
    if (!user) return c.json({ message: SESSION_EXPIRED_MESSAGE, errors: [] }, 401);
    c.set("user", user);
    return next();
  };
}

/** The caller, or 401. */
export function requireUser(c: Context): AuthUser {
  const user = c.get("user");
  if (!user) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

/** The caller with one of the roles, or 401 (anonymous) / 403 (another role). */
export function requireRole(c: Context, ...roles: RoleName[]): AuthUser {
  const user = requireUser(c);
  if (!hasRole(user, ...roles)) throw new HttpError(403, FORBIDDEN_MESSAGE);
  return user;
}

/** The caller, if any (public routes that answer more to a logged-in user, e.g. comment `editable`). */
export function optionalUser(c: Context): AuthUser | null {
  return c.get("user") ?? null;
}
