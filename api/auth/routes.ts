/**
 * §7 "Auth" and the account calls of §7 "Profile" that belong to the session: profile read and
 * update, password, phone, e-mail and avatar (issue 19, ADR 033). Addresses and legal companies
 * live in their own domain.
 *
 * Every anonymous auth call (login, codes, sign-up, reset) counts against the caller's IP in the
 * `auth` tier (api/http/write-limits.ts); refresh and logout do not (their tokens are unguessable).
 * Logins and codes also count their failures per account / phone and IP (limits.ts). RateLimited
 * from the limits becomes 429 with Retry-After and a Russian message.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { eq } from "drizzle-orm";
import { AVATAR_BODY_LIMIT, AVATAR_SIZE_MESSAGE, endpoints } from "../../contract/index";
import type { RouteDeps } from "../deps";
import { users } from "../db/schema";
import { honoPath, route, type RouteHandler } from "../http/route";
import { clientIp } from "../http/client-ip";
import { tooMany } from "../http/write-limits";
import { createMailer } from "../mail/mailer";
import { siteOrigin } from "../subscription/routes";
import type { Endpoint } from "../../contract/index";
import { changeAvatar } from "./avatar";
import { createAuthLimits, RateLimited, type AuthLimits } from "./limits";
import { createAuthService } from "./service";
import { optionalUser, requireUser } from "./session";
import { createSmsSender, type SmsSender } from "./sms";
import { loadUser } from "./users";

/** Kept here too: the auth code and its tests import it from the auth routes. */
export { clientIp };

/** The handler with RateLimited answered as 429 + Retry-After. */
function limited<E extends Endpoint>(handler: RouteHandler<E>): RouteHandler<E> {
  return async (input, c) => {
    try {
      return await handler(input, c);
    } catch (error) {
      if (error instanceof RateLimited) throw tooMany(c, error);
      throw error;
    }
  };
}

export interface AuthRouteOptions {
  limits?: AuthLimits;
  sms?: SmsSender;
}

export function authRoutes(deps: RouteDeps, options: AuthRouteOptions = {}): Hono {
  const app = new Hono();
  const limits = options.limits ?? deps.authLimits ?? createAuthLimits(deps.limits);
  const sms = options.sms ?? deps.sms ?? createSmsSender({ smsUrl: deps.smsUrl, appEnv: deps.appEnv });
  const auth = createAuthService({ db: deps.db, keys: deps.sessionKeys, mailer: deps.mailer ?? createMailer(), sms, limits, now: deps.now });
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.authLogin, limited(({ body }, c) => auth.login(body.email, body.password, clientIp(c))), opts);
  route(app, endpoints.authSmsSend, limited(({ body }, c) => auth.sendLoginCode(body.phone, body.channel, clientIp(c))), opts);
  route(app, endpoints.authSmsLogin, limited(({ body }, c) => auth.smsLogin(body.phone, body.code, clientIp(c))), opts);
  route(app, endpoints.authSignup, limited(({ body }, c) => auth.signup(body, siteOrigin(deps, c))), opts);
  route(app, endpoints.authRefresh, ({ body }) => auth.refresh(body.refreshToken), opts);
  route(app, endpoints.authResetPasswordRequest, limited(({ body }, c) => auth.requestPasswordReset(body.email, siteOrigin(deps, c))), opts);
  route(app, endpoints.authResetPassword, limited(({ params, body }, c) => auth.resetPassword(params.token, body.password, clientIp(c))), opts);
  route(app, endpoints.authLogout, ({ body }, c) => {
    const user = optionalUser(c);
    if (!user && !body?.refreshToken) requireUser(c);
    return auth.logout(user, body?.refreshToken);
  }, opts);

  // ── Profile ──
  route(app, endpoints.profileGet, (_, c) => loadUser(deps.db, requireUser(c).id), opts);
  route(
    app,
    endpoints.profileUpdate,
    async ({ body }, c) => {
      const user = requireUser(c);
      const changes: Partial<typeof users.$inferInsert> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.birthdate !== undefined) changes.birthdate = body.birthdate;
      if (Object.keys(changes).length) await deps.db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, user.id));
      return loadUser(deps.db, user.id);
    },
    opts,
  );
  route(app, endpoints.changePassword, limited(({ body }, c) => auth.changePassword(requireUser(c), body.currentPassword, body.newPassword, clientIp(c))), opts);
  route(app, endpoints.phoneSet, limited(({ body }, c) => auth.sendPhoneCode(requireUser(c), body.phone, clientIp(c))), opts);
  route(app, endpoints.phoneConfirm, limited(({ body }, c) => auth.confirmPhone(requireUser(c), body.code, clientIp(c))), opts);
  route(app, endpoints.emailSet, limited(({ body }, c) => auth.sendEmailLink(requireUser(c), body.email, siteOrigin(deps, c))), opts);
  route(app, endpoints.emailConfirm, ({ body }) => auth.confirmEmail(body.token), opts);

  // The avatar: 401 before the body is read; a body over the limit is refused unread.
  app.use(honoPath(endpoints.changeAvatar.path), async (c, next) => {
    if (c.req.method === "POST") requireUser(c);
    return next();
  });
  app.use(
    honoPath(endpoints.changeAvatar.path),
    bodyLimit({
      maxSize: AVATAR_BODY_LIMIT,
      onError: (c) => c.json({ message: AVATAR_SIZE_MESSAGE, errors: [{ field: "avatar", message: AVATAR_SIZE_MESSAGE }] }, 413),
    }),
  );
  route(
    app,
    endpoints.changeAvatar,
    async ({ body }, c) => {
      const user = requireUser(c);
      await changeAvatar(deps.db, user.id, body.avatar);
      return loadUser(deps.db, user.id);
    },
    opts,
  );
  return app;
}
