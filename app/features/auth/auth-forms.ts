/**
 * The authentication forms (issue 19, ADR 036): paths, field names, the answers the route actions
 * give back and the texts they show. Safe on both sides (no zod); the schemas live in
 * `auth-schemas.server.ts`.
 */
import type { FormReply } from "#app/lib/forms.ts";

export const LOGIN_PATH = "/login";
export const SIGNUP_PATH = "/signup";
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const LOGOUT_PATH = "/logout";
/** §2: after a successful login the user goes to /profile/cp. */
export const AFTER_LOGIN_PATH = "/profile/cp";

export const AUTH_FIELD = {
  intent: "intent",
  email: "email",
  password: "password",
  passwordRepeat: "passwordRepeat",
  phone: "phone",
  code: "code",
  channel: "channel",
  name: "name",
  agreement: "agreement",
  redirectTo: "redirectTo",
  /**
   * Honeypot: a field people never see (off-screen, out of the tab order, no autofill) and bots
   * that fill every input do. A filled one gets the success answer and the API is never called.
   */
  trap: "website",
} as const;

/** What the /login action is asked to do. */
export const LOGIN_INTENT = { email: "email", smsSend: "sms-send", smsLogin: "sms-login" } as const;
export type LoginIntent = (typeof LOGIN_INTENT)[keyof typeof LOGIN_INTENT];

export type SmsChannel = "sms" | "call";

/** §4: at least 8 characters (the contract's SignupRequest / ResetPasswordRequest). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** One answer for an unknown e-mail and a wrong password: nobody learns who has an account. */
export const LOGIN_FAILED_MESSAGE = "Неверный e-mail или пароль";
export const FORM_UNREADABLE_MESSAGE = "Не удалось прочитать форму. Попробуйте ещё раз.";
/** The same text whether or not the address has an account (no enumeration). */
export const FORGOT_PASSWORD_SENT =
  "Если этот адрес зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля. Ссылка действует 10 минут.";

/**
 * Every authentication action answers Conform's reply (ADR 046: `FormReply`, app/lib/forms.ts):
 * field errors under the fields, the message above the form, what was typed (never a password
 * or a code). The login's also says which of its forms answered, and where a code went.
 */
export type LoginAnswer = FormReply & {
  formIntent: LoginIntent;
  sent?: { phone: string; channel: SmsChannel; resendIn: number; codeLength: number };
};
export type SignupAnswer = FormReply & { email?: string };
export type ForgotPasswordAnswer = FormReply;
export type ResetPasswordAnswer = FormReply;

/** One-time link tokens (reset, e-mail confirmation) are URL-safe random strings. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,256}$/;
export const LINK_INVALID = "Ссылка недействительна или устарела";

export function linkToken(value: unknown): string | null {
  return typeof value === "string" && LINK_TOKEN_PATTERN.test(value) ? value : null;
}

/** "+79211234567" → "+7 (921) 123-45-67", the field's own spelling (one rule: contract/phone.ts). */
export { formatPhone } from "#contract/phone.ts";

/** Actions after which the root data (the header's user) is loaded again. */
export const AUTH_ACTIONS = /^\/(login|signup|logout|email\/confirm|reset-password)(\/|\?|$)/;
