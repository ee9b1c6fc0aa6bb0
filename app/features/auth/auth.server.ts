/**
 * The authentication actions' server side (issue 19, ADR 036): the API calls through context.api,
 * the HttpOnly auth cookies on the answer (ADR 003, §9), the §8 error mapping to fields, and the
 * redirect after login (§2: /profile/cp, or a safe `redirectTo`).
 */
import { waitText } from "#contract/plural.ts";
import { data, redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import type { AuthTokens, ApiError } from "#app/lib/api-client.server.ts";
import { authCookies, managerCookie, readAuthCookies, readCookies } from "#app/lib/cookies.server.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import {
  AFTER_LOGIN_PATH,
  AUTH_FIELD,
  FORM_UNREADABLE_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_INTENT,
  type FieldErrors,
  type FormProblem,
  type LoginAnswer,
  type LoginIntent,
} from "./auth-forms.ts";
import { field, honeypotFilled, parseEmailLogin, parseSmsLogin, parseSmsSend } from "./auth-parse.ts";

type Ctx = Pick<AppLoadContext, "api" | "site" | "cookieDomain">;

const NO_STORE = { "Cache-Control": "no-store" };

/** Paths a login must not send the visitor back to (they would show the form again, or log out). */
const AUTH_PAGES = /^\/(login|signup|logout|forgot-password|reset-password)(\/|\?|#|$)/;

/** Where to go after login: a path of this site (never an open redirect), /profile/cp by default (§2). */
export function afterLoginPath(value: unknown): string {
  const path = safeRedirectPath(value, AFTER_LOGIN_PATH);
  return AUTH_PAGES.test(path) ? AFTER_LOGIN_PATH : path;
}

/** The form's body, or null when it cannot be read as a form (JSON, junk): a 400 answer, never a 5xx. */
export async function readForm(request: Request): Promise<FormData | null> {
  return request.formData().catch(() => null);
}

/** The Set-Cookie headers of a login (or, with null, of a logout). */
export function sessionHeaders(context: Ctx, tokens: AuthTokens | null): Headers {
  const headers = new Headers(NO_STORE);
  const https = context.site.protocol === "https";
  for (const cookie of authCookies(context.site.hostname, tokens, context.cookieDomain, https)) headers.append("Set-Cookie", cookie);
  if (!tokens) headers.append("Set-Cookie", managerCookie(context.site.hostname, null, context.cookieDomain, https));
  return headers;
}

/** Logged in: the cookies on a 303 to the target. */
export function loggedIn(context: Ctx, tokens: AuthTokens, redirectTo: string): Response {
  return redirect(redirectTo, { status: 303, headers: sessionHeaders(context, tokens) });
}

/**
 * §8: an API refusal as the form shows it. Field errors of the form's own fields go under them;
 * anything else is the message above the form. A 429 says how long to wait.
 */
export function problemFrom(error: ApiError, fields: readonly string[], values: Record<string, string>): FormProblem {
  const errors: FieldErrors = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(error.errors)) {
    if (fields.includes(name)) errors[name] = message;
    else others.push(message);
  }
  let message: string | null = Object.keys(errors).length > 0 ? (others[0] ?? null) : error.message;
  if (error.status === 429) {
    const wait = error.retryAfter ? `Попробуйте через ${waitText(error.retryAfter)}.` : "Попробуйте позже.";
    const withWait = (text: string) => (/\d/.test(text) ? text : `${text.replace(/\.?$/, ".")} ${wait}`);
    // Said once: under its field when the limit names one, above the form otherwise.
    for (const name of Object.keys(errors)) errors[name] = withWait(errors[name]!);
    message = Object.keys(errors).length > 0 ? null : withWait(error.message);
  }
  return { ok: false, message, errors, values };
}

export function unreadable(): FormProblem {
  return { ok: false, message: FORM_UNREADABLE_MESSAGE, errors: {}, values: {} };
}

function answer<T extends { ok: boolean }>(body: T, headers?: Headers) {
  return data(body, { status: body.ok ? 200 : 400, headers: headers ?? NO_STORE });
}

/** The /login action: e-mail + password, a phone code sent, or a phone + code login. */
export async function loginAction(context: Ctx, form: FormData | null) {
  if (!form) return answer<LoginAnswer>({ ...unreadable(), intent: LOGIN_INTENT.email });
  const intent = field(form, AUTH_FIELD.intent) as LoginIntent;
  const redirectTo = afterLoginPath(field(form, AUTH_FIELD.redirectTo));

  if (intent === LOGIN_INTENT.smsSend) {
    const parsed = parseSmsSend(form);
    if (!parsed.ok) return answer<LoginAnswer>({ ok: false, intent, message: null, errors: parsed.errors, values: parsed.values });
    // A bot: the same answer as a sent code, and nothing sent.
    if (honeypotFilled(form)) return answer<LoginAnswer>({ ok: true, intent, ...parsed.body, resendIn: 60, codeLength: 4 });
    const result = await context.api.call(endpoints.authSmsSend, { body: parsed.body });
    if (!result.ok) return answer<LoginAnswer>({ ...problemFrom(result.error, [AUTH_FIELD.phone], parsed.values), intent });
    return answer<LoginAnswer>({ ok: true, intent, ...parsed.body, resendIn: result.data.resendIn, codeLength: result.data.codeLength });
  }

  if (intent === LOGIN_INTENT.smsLogin) {
    const parsed = parseSmsLogin(form);
    if (!parsed.ok) return answer<LoginAnswer>({ ok: false, intent, message: null, errors: parsed.errors, values: parsed.values });
    if (honeypotFilled(form)) return redirect(redirectTo, { status: 303, headers: NO_STORE });
    const result = await context.api.call(endpoints.authSmsLogin, { body: parsed.body });
    if (!result.ok) return answer<LoginAnswer>({ ...problemFrom(result.error, [AUTH_FIELD.phone, AUTH_FIELD.code], parsed.values), intent });
    return loggedIn(context, result.data.authenticated, redirectTo);
  }

  const parsed = parseEmailLogin(form);
  const emailIntent = LOGIN_INTENT.email;
  if (!parsed.ok) return answer<LoginAnswer>({ ok: false, intent: emailIntent, message: null, errors: parsed.errors, values: parsed.values });
  if (honeypotFilled(form)) return redirect(redirectTo, { status: 303, headers: NO_STORE });
  const result = await context.api.call(endpoints.authLogin, { body: parsed.body });
  if (!result.ok) {
    const { status } = result.error;
    // No account enumeration: an unknown e-mail and a wrong password read the same, whatever the API said.
    if (status === 401 || status === 403 || status === 404) {
      return answer<LoginAnswer>({ ok: false, intent: emailIntent, message: LOGIN_FAILED_MESSAGE, errors: {}, values: parsed.values });
    }
    return answer<LoginAnswer>({ ...problemFrom(result.error, [AUTH_FIELD.email, AUTH_FIELD.password], parsed.values), intent: emailIntent });
  }
  return loggedIn(context, result.data.authenticated, redirectTo);
}

/** §4 logout: the session revoked at the API, then the tokens and the manager choice cleared whatever it answered. */
export async function logoutAction(context: Ctx, request: Request): Promise<Response> {
  const { refreshToken } = readAuthCookies(readCookies(request.headers.get("cookie")), context.site.protocol === "https");
  await context.api.call(endpoints.authLogout, { body: refreshToken ? { refreshToken } : {} }).catch(() => null);
  return redirect("/", { status: 303, headers: sessionHeaders(context, null) });
}

export { answer as formAnswer };
