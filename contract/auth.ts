/**
 * §7 "Auth": login by e-mail or phone code, signup, token refresh, password reset, SMS code, logout.
 * Login answers carry `data.authenticated` (tokens) and `data.data` (the user), as §7 states.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { Success, email, phone } from "./common.ts";
import { CodeSent, User, personName } from "./profile.ts";

/** The token pair stored in the auth cookie (§3). */
export const AuthTokens = z.object({ token: z.string().min(1), refreshToken: z.string().min(1) });
export type AuthTokens = z.infer<typeof AuthTokens>;

/** §7: `data.authenticated` + `data.data` (the user, loaded without a second call). */
export const LoginResult = z.object({ authenticated: AuthTokens, data: User });
export type LoginResult = z.infer<typeof LoginResult>;

/** §7: refresh "returns authenticated with token". */
export const RefreshResult = z.object({ authenticated: AuthTokens });
export type RefreshResult = z.infer<typeof RefreshResult>;

export const EmailLoginRequest = z.object({
  email: email().max(254, "Слишком длинный e-mail"),
  password: z.string().min(1, "Введите пароль").max(128, "Неверный e-mail или пароль"),
});
export type EmailLoginRequest = z.infer<typeof EmailLoginRequest>;

export const SmsLoginRequest = z.object({ phone: phone(), code: z.string().trim().regex(/^\d{4,6}$/, "Неверный код") });
export type SmsLoginRequest = z.infer<typeof SmsLoginRequest>;

/** §2: the code comes by SMS or by a call (the last digits of the calling number). */
export const SmsSendRequest = z.object({ phone: phone(), channel: z.enum(["sms", "call"]).default("sms") });
export type SmsSendRequest = z.input<typeof SmsSendRequest>;

export const PASSWORD_MIN_MESSAGE = "Пароль: не меньше 8 символов";
export const PASSWORD_MAX_MESSAGE = "Пароль: не больше 128 символов";
/** The one password rule (sign-up, reset, change): 8–128 characters. */
export const password = () => z.string().min(8, PASSWORD_MIN_MESSAGE).max(128, PASSWORD_MAX_MESSAGE);

export const SignupRequest = z.object({
  email: email().max(254, "Слишком длинный e-mail"),
  password: password(),
  name: personName(),
  phone: phone().optional(),
  /** Consent with /agreement and /privacy is required to sign up. */
  agreement: z.literal(true, "Нужно согласие с пользовательским соглашением и политикой конфиденциальности"),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const RefreshRequest = z.object({ refreshToken: z.string().min(1).max(512) });

/** The token from the e-mailed link is the path parameter; the body sets the new password. */
export const ResetPasswordRequest = z.object({ password: password() });

/** "Забыли пароль?": the address to send the reset link to. */
export const ResetPasswordLinkRequest = z.object({ email: email().max(254, "Слишком длинный e-mail") });
export type ResetPasswordLinkRequest = z.infer<typeof ResetPasswordLinkRequest>;

/** The same answer whether or not the address has an account (no account enumeration). */
export const ResetPasswordLinkSent = Success.extend({ message: z.string() });
export type ResetPasswordLinkSent = z.infer<typeof ResetPasswordLinkSent>;

/**
 * The visitor's IP, set by the storefront on its in-process calls to the embedded API (from
 * Express's `req.ip`) and overwritten by the API's Express listener for outside callers, so it
 * cannot be forged. The per-IP auth limits count by it (ADR 033).
 */
export const CLIENT_IP_HEADER = "X-Client-IP";

/**
 * The origin the visitor used (the storefront knows the regional host), sent by the storefront on
 * its API calls: links in letters point there when SITE_URL is unset (api/subscription/routes.ts,
 * `siteOrigin`).
 */
export const SITE_ORIGIN_HEADER = "X-Site-Origin";

/** Storefront pages the account letters link to: `${site}/email/confirm?token=…`, `${site}/reset-password?token=…`. */
export const EMAIL_CONFIRM_PAGE = "/email/confirm";
export const RESET_PASSWORD_PAGE = "/reset-password";

/**
 * The refresh token to revoke (its session ends; no bearer needed, and an expired one is ignored).
 * Without it, the bearer's user is logged out everywhere.
 */
export const LogoutRequest = z.object({ refreshToken: z.string().max(512).optional() });

const tag = "auth";

export const authEndpoints = {
  authLogin: endpoint({
    id: "authLogin",
    method: "POST",
    path: "/auth/login",
    tag,
    summary: "Log in by e-mail and password",
    timeout: "default",
    body: EmailLoginRequest,
    response: LoginResult,
  }),
  authSmsLogin: endpoint({
    id: "authSmsLogin",
    method: "POST",
    path: "/auth/sms/login",
    tag,
    summary: "Log in by phone and the code from auth/sms/send; creates the account on first login",
    timeout: "default",
    body: SmsLoginRequest,
    response: LoginResult,
  }),
  authSignup: endpoint({
    id: "authSignup",
    method: "POST",
    path: "/auth/signup",
    tag,
    summary: "Register by e-mail; logs the new user in (activated after the e-mail link)",
    timeout: "default",
    body: SignupRequest,
    response: LoginResult,
  }),
  authRefresh: endpoint({
    id: "authRefresh",
    method: "POST",
    path: "/auth/refresh",
    tag,
    summary: "Exchange a refresh token for a new pair (§4 token refresh; the old refresh token is revoked)",
    timeout: "default",
    body: RefreshRequest,
    response: RefreshResult,
  }),
  authResetPasswordRequest: endpoint({
    id: "authResetPasswordRequest",
    method: "POST",
    path: "/auth/reset-password",
    tag,
    summary: "Send the password reset link to the e-mail (same answer whether or not it has an account)",
    timeout: "default",
    body: ResetPasswordLinkRequest,
    response: ResetPasswordLinkSent,
  }),
  authResetPassword: endpoint({
    id: "authResetPassword",
    method: "POST",
    path: "/auth/reset-password/{token}",
    tag,
    summary: "Set a new password with the one-time token from the reset e-mail",
    timeout: "default",
    params: z.object({ token: z.string().min(1).max(512) }),
    body: ResetPasswordRequest,
    response: Success,
  }),
  authSmsSend: endpoint({
    id: "authSmsSend",
    method: "POST",
    path: "/auth/sms/send",
    tag,
    summary: "Send a login code to the phone (SMS or call)",
    timeout: "default",
    body: SmsSendRequest,
    response: CodeSent,
  }),
  authLogout: endpoint({
    id: "authLogout",
    method: "DELETE",
    path: "/auth/logout",
    tag,
    summary:
      "Revoke the session (§4 logout; the client clears its cookies regardless): the body's refresh token ends its session, with or without a bearer; a bearer alone ends every session of its user",
    timeout: "default",
    body: LogoutRequest.optional(),
    response: Success,
  }),
};
