/**
 * §7 "Auth": login by e-mail or phone code, signup, token refresh, password reset, SMS code, logout.
 * Login answers carry `data.authenticated` (tokens) and `data.data` (the user), as §7 states.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { Success, email, phone } from "./common.ts";
import { CodeSent, User } from "./profile.ts";

/** The token pair stored in the auth cookie (§3). */
export const AuthTokens = z.object({ token: z.string().min(1), refreshToken: z.string().min(1) });
export type AuthTokens = z.infer<typeof AuthTokens>;

/** §7: `data.authenticated` + `data.data` (the user, loaded without a second call). */
export const LoginResult = z.object({ authenticated: AuthTokens, data: User });
export type LoginResult = z.infer<typeof LoginResult>;

/** §7: refresh "returns authenticated with token". */
export const RefreshResult = z.object({ authenticated: AuthTokens });
export type RefreshResult = z.infer<typeof RefreshResult>;

export const EmailLoginRequest = z.object({ email: email(), password: z.string().min(1) });
export type EmailLoginRequest = z.infer<typeof EmailLoginRequest>;

export const SmsLoginRequest = z.object({ phone: phone(), code: z.string().trim().regex(/^\d{4,6}$/, "Неверный код") });
export type SmsLoginRequest = z.infer<typeof SmsLoginRequest>;

/** §2: the code comes by SMS or by a call (the last digits of the calling number). */
export const SmsSendRequest = z.object({ phone: phone(), channel: z.enum(["sms", "call"]).default("sms") });
export type SmsSendRequest = z.input<typeof SmsSendRequest>;

export const SignupRequest = z.object({
  email: email(),
  password: z.string().min(8).max(128),
  name: z.string().trim().min(1).max(255).optional(),
  phone: phone().optional(),
  /** Consent with /agreement and /privacy is required to sign up. */
  agreement: z.literal(true),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const RefreshRequest = z.object({ refreshToken: z.string().min(1) });

/** The token from the e-mailed link is the path parameter; the body sets the new password. */
export const ResetPasswordRequest = z.object({ password: z.string().min(8).max(128) });

/** The refresh token to revoke; without it only the access token's session ends. */
export const LogoutRequest = z.object({ refreshToken: z.string().optional() });

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
  authResetPassword: endpoint({
    id: "authResetPassword",
    method: "POST",
    path: "/auth/reset-password/{token}",
    tag,
    summary: "Set a new password with the one-time token from the reset e-mail",
    timeout: "default",
    params: z.object({ token: z.string().min(1) }),
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
    summary: "Revoke the session (§4 logout; the client clears its cookies regardless)",
    auth: true,
    timeout: "default",
    body: LogoutRequest.optional(),
    response: Success,
  }),
};
