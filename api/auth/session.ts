/**
 * Sessions of the reference API (issue 19): a short-lived signed access token (JWT, HS256, `jose`)
 * carried as `Authorization: Bearer`. The refresh token is an opaque random string stored hashed
 * (api/auth/tokens.ts) and rotates on every use.
 *
 * The access token names its session (`sid`: the refresh-token family) and must carry `exp`, `iat`
 * and `sub`; it lives ACCESS_TOKEN_TTL_S whatever its `exp` says (issue 25, ADR 040). A session
 * ends at once when its family is revoked (logout, a password reset or change, a reused refresh
 * token): `sessionMiddleware` asks the database whether the family is still live on each request
 * with a bearer (one indexed read), so a revoked session's access token is not honoured for the
 * rest of its 15 minutes.
 *
 * `sessionMiddleware` reads the bearer on every /api request: no header = anonymous; a token that
 * is forged, malformed, expired or of an ended session = 401 at once (the storefront then
 * refreshes, §4/§8), never a silent downgrade to anonymous. Handlers ask `requireUser(c)` /
 * `requireRole(c, …)`.
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

/** An access token of `user` in the session `sessionId` (the refresh-token family it was issued with). */
export async function signAccessToken(keys: SessionKeys, user: AuthUser, sessionId: string, ttlS = ACCESS_TOKEN_TTL_S): Promise<string> {
  const now = keys.now?.() ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: user.roles, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlS)
    .sign(await keys.key());
}

/** A verified access token: the user and the session it belongs to. */
export interface AccessClaims extends AuthUser {
  sessionId: string;
}

/**
 * The user of a valid token; null when the token is forged, malformed, expired, without `exp`,
 * `iat`, `sub` or `sid`, or older than ACCESS_TOKEN_TTL_S (a key holder's token "valid for a
 * year" is not).
 */
export async function verifyAccessToken(keys: SessionKeys, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keys.key(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "iat", "sub", "sid"],
      maxTokenAge: ACCESS_TOKEN_TTL_S,
      currentDate: keys.now ? new Date(keys.now() * 1000) : undefined,
    });
    const id = Number(payload.sub);
    const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is RoleName => Role.safeParse(r).success) : [];
    const sessionId = typeof payload.sid === "string" && payload.sid.length <= 64 ? payload.sid : "";
    if (!Number.isSafeInteger(id) || id <= 0 || roles.length === 0 || !sessionId) return null;
    return { id, roles, sessionId };
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

/** Whether the session (refresh-token family) of a user is still live: not revoked, not expired. */
export type SessionCheck = (sessionId: string, userId: number) => Promise<boolean>;

/**
 * Bearer → `c.var.user`. A bearer that does not verify, or whose session has ended, is a 401,
 * whatever the route.
 */
export function sessionMiddleware(
  keys: SessionKeys,
  isLive: SessionCheck,
  /** Requests where a dead bearer only means "anonymous" (logout: the refresh token in the body still ends its session). */
  deadBearerIsAnonymous: (c: Context) => boolean = () => false,
): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) {
      c.set("user", null);
      return next();
    }
    const match = /^Bearer\s+(\S{1,8192})$/i.exec(header.trim());
    const claims = match ? await verifyAccessToken(keys, match[1]) : null;
    if (!claims || !(await isLive(claims.sessionId, claims.id))) {
      if (deadBearerIsAnonymous(c)) {
        c.set("user", null);
        return next();
      }
      return c.json({ message: SESSION_EXPIRED_MESSAGE, errors: [] }, 401);
    }
    c.set("user", { id: claims.id, roles: claims.roles });
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
