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
import { boundedForm, parseForm, refuse, type ParsedForm } from "#app/lib/forms.server.ts";
import { formFailure, type FormReply } from "#app/lib/forms.ts";
import { AFTER_LOGIN_PATH, AUTH_FIELD, FORM_UNREADABLE_MESSAGE, LOGIN_FAILED_MESSAGE, LOGIN_INTENT, type LoginAnswer, type LoginIntent } from "./auth-forms.ts";
import { EmailLoginForm, SECRET_FIELDS, SmsLoginForm, SmsSendForm } from "./auth-schemas.server.ts";
import type { $ZodType } from "zod/v4/core";

/** A text field's value ("" for a missing one or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A bot filled the field people never see (AUTH_FIELD.trap). */
export function honeypotFilled(form: FormData): boolean {
  return field(form, AUTH_FIELD.trap) !== "";
}

/** An authentication form read by its schema: values cut to a sane length first (a 1 MB e-mail is never read nor echoed). */
export function parseAuthForm<S extends $ZodType>(form: FormData, schema: S): ParsedForm<S> {
  return parseForm(boundedForm(form, { max: 300, files: false }), schema);
}

/** A refused form's reply: never a password or a code given back. */
export function authRefusal<S extends $ZodType>(submission: ParsedForm<S>, message: string | null = null, errors: Record<string, string> = {}): FormReply {
  return refuse(submission, message, errors, SECRET_FIELDS);
}

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
export function problemFrom<S extends $ZodType>(submission: ParsedForm<S>, error: ApiError, fields: readonly string[]): FormReply {
  const errors: Record<string, string> = {};
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
  return authRefusal(submission, message, errors);
}

export function unreadable(): FormReply {
  return formFailure(FORM_UNREADABLE_MESSAGE);
}

function answer<T extends FormReply>(body: T, headers?: Headers) {
  return data(body, { status: body.status === "error" ? 400 : 200, headers: headers ?? NO_STORE });
}

/** The /login action: e-mail + password, a phone code sent, or a phone + code login. */
export async function loginAction(context: Ctx, form: FormData | null) {
  if (!form) return answer<LoginAnswer>({ ...unreadable(), formIntent: LOGIN_INTENT.email });
  const raw = field(form, AUTH_FIELD.intent);
  const intent: LoginIntent = raw === LOGIN_INTENT.smsSend || raw === LOGIN_INTENT.smsLogin ? raw : LOGIN_INTENT.email;
  const redirectTo = afterLoginPath(field(form, AUTH_FIELD.redirectTo));
  const reply = (body: FormReply, rest: Partial<LoginAnswer> = {}) => answer<LoginAnswer>({ ...body, formIntent: intent, ...rest });

  if (intent === LOGIN_INTENT.smsSend) {
    const submission = parseAuthForm(form, SmsSendForm);
    if (submission.status !== "success") return reply(authRefusal(submission));
    // A bot: the same answer as a sent code, and nothing sent.
    if (honeypotFilled(form)) return reply(submission.reply(), { sent: { ...submission.value, resendIn: 60, codeLength: 4 } });
    const result = await context.api.call(endpoints.authSmsSend, { body: submission.value });
    if (!result.ok) return reply(problemFrom(submission, result.error, [AUTH_FIELD.phone]));
    return reply(submission.reply(), { sent: { ...submission.value, resendIn: result.data.resendIn, codeLength: result.data.codeLength } });
  }

  if (intent === LOGIN_INTENT.smsLogin) {
    const submission = parseAuthForm(form, SmsLoginForm);
    if (submission.status !== "success") return reply(authRefusal(submission));
    if (honeypotFilled(form)) return redirect(redirectTo, { status: 303, headers: NO_STORE });
    const { phone, code } = submission.value;
    const result = await context.api.call(endpoints.authSmsLogin, { body: { phone, code } });
    if (!result.ok) return reply(problemFrom(submission, result.error, [AUTH_FIELD.phone, AUTH_FIELD.code]));
    return loggedIn(context, result.data.authenticated, redirectTo);
  }

  const submission = parseAuthForm(form, EmailLoginForm);
  if (submission.status !== "success") return reply(authRefusal(submission));
  if (honeypotFilled(form)) return redirect(redirectTo, { status: 303, headers: NO_STORE });
  const result = await context.api.call(endpoints.authLogin, { body: submission.value });
  if (!result.ok) {
    const { status } = result.error;
    // No account enumeration: an unknown e-mail and a wrong password read the same, whatever the API said.
    if (status === 401 || status === 403 || status === 404) return reply(authRefusal(submission, LOGIN_FAILED_MESSAGE));
    return reply(problemFrom(submission, result.error, [AUTH_FIELD.email, AUTH_FIELD.password]));
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
