/**
 * Reading the authentication forms (issue 19, ADR 036): each parser takes the posted FormData and
 * gives either the body for the API call or the Russian message for each field (§8: under the
 * field). The limits are the contract's (contract/auth.ts); the API checks them again. Values
 * typed are echoed back into the form, cut to a sane length; passwords and codes never are.
 */
import { emailProblem, MAX_EMAIL_LENGTH } from "#contract/subscription-rules.ts";
import { normalizePhone } from "#contract/phone.ts";
import { PHONE_FORMAT_MESSAGE } from "#contract/common.ts";
import { AUTH_FIELD, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type FieldErrors, type SmsChannel } from "./auth-forms.ts";

export const PASSWORD_MISSING = "Введите пароль";
export const PASSWORD_TOO_SHORT = `Пароль: не меньше ${MIN_PASSWORD_LENGTH} символов`;
export const PASSWORD_TOO_LONG = `Пароль: не больше ${MAX_PASSWORD_LENGTH} символов`;
export const PASSWORDS_DIFFER = "Пароли не совпадают";
export const PHONE_MISSING = "Укажите телефон";
/** The contract's own words for a number that is not Russian (contract/common.ts). */
export const PHONE_INVALID = PHONE_FORMAT_MESSAGE;
export const CODE_MISSING = "Введите код";
export const CODE_INVALID = "Неверный код";
export const NAME_MISSING = "Укажите имя";
export const NAME_TOO_LONG = "Имя: не больше 255 символов";
export const AGREEMENT_MISSING = "Нужно согласие с пользовательским соглашением и политикой конфиденциальности";

export const MAX_NAME_LENGTH = 255;

export type Parsed<T> = { ok: true; body: T; values: Record<string, string> } | { ok: false; errors: FieldErrors; values: Record<string, string> };

/** A text field's value ("" for a missing one or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A bot filled the field people never see. */
export function honeypotFilled(form: FormData): boolean {
  return field(form, AUTH_FIELD.trap) !== "";
}

function result<T>(errors: FieldErrors, values: Record<string, string>, body: () => T): Parsed<T> {
  return Object.keys(errors).length > 0 ? { ok: false, errors, values } : { ok: true, body: body(), values };
}

function emailOf(form: FormData) {
  const raw = field(form, AUTH_FIELD.email);
  return { email: raw.trim(), shown: raw.trim().slice(0, MAX_EMAIL_LENGTH + 1), problem: emailProblem(raw) };
}

/** A password as typed (never trimmed: spaces may be part of it). */
function passwordProblem(password: string, { checkLength }: { checkLength: boolean }): string | null {
  if (password === "") return PASSWORD_MISSING;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  if (checkLength && password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

export function parseEmailLogin(form: FormData): Parsed<{ email: string; password: string }> {
  const { email, shown, problem } = emailOf(form);
  const password = field(form, AUTH_FIELD.password);
  const errors: FieldErrors = {};
  if (problem) errors.email = problem;
  // Any length is tried at login (an old password may predate the 8-character rule); only the limit applies.
  const passwordError = passwordProblem(password, { checkLength: false });
  if (passwordError) errors.password = passwordError;
  return result(errors, { email: shown }, () => ({ email, password }));
}

function phoneOf(form: FormData) {
  const raw = field(form, AUTH_FIELD.phone);
  const phone = normalizePhone(raw);
  return { phone, shown: raw.trim().slice(0, 40), problem: raw.trim() === "" ? PHONE_MISSING : phone ? null : PHONE_INVALID };
}

export function parseSmsSend(form: FormData): Parsed<{ phone: string; channel: SmsChannel }> {
  const { phone, shown, problem } = phoneOf(form);
  const channel: SmsChannel = field(form, AUTH_FIELD.channel) === "call" ? "call" : "sms";
  const errors: FieldErrors = problem ? { phone: problem } : {};
  return result(errors, { phone: phone ?? shown, channel }, () => ({ phone: phone!, channel }));
}

export function parseSmsLogin(form: FormData): Parsed<{ phone: string; code: string }> {
  const { phone, shown, problem } = phoneOf(form);
  const code = field(form, AUTH_FIELD.code).replace(/\s/g, "");
  const errors: FieldErrors = {};
  if (problem) errors.phone = problem;
  if (code === "") errors.code = CODE_MISSING;
  else if (!/^\d{4,6}$/.test(code)) errors.code = CODE_INVALID;
  const channel: SmsChannel = field(form, AUTH_FIELD.channel) === "call" ? "call" : "sms";
  return result(errors, { phone: phone ?? shown, channel }, () => ({ phone: phone!, code }));
}

export function parseSignup(form: FormData): Parsed<{ email: string; password: string; name: string; agreement: true }> {
  const { email, shown, problem } = emailOf(form);
  const password = field(form, AUTH_FIELD.password);
  const name = field(form, AUTH_FIELD.name).trim().replace(/\s+/g, " ");
  const agreed = field(form, AUTH_FIELD.agreement) !== "";
  const errors: FieldErrors = {};
  if (problem) errors.email = problem;
  const passwordError = passwordProblem(password, { checkLength: true });
  if (passwordError) errors.password = passwordError;
  if (name === "") errors.name = NAME_MISSING;
  else if (name.length > MAX_NAME_LENGTH) errors.name = NAME_TOO_LONG;
  if (!agreed) errors.agreement = AGREEMENT_MISSING;
  return result(errors, { email: shown, name: name.slice(0, MAX_NAME_LENGTH + 1), agreement: agreed ? "on" : "" }, () => ({
    email,
    password,
    name,
    agreement: true as const,
  }));
}

export function parseForgotPassword(form: FormData): Parsed<{ email: string }> {
  const { email, shown, problem } = emailOf(form);
  return result(problem ? { email: problem } : {}, { email: shown }, () => ({ email }));
}

export function parseResetPassword(form: FormData): Parsed<{ password: string }> {
  const password = field(form, AUTH_FIELD.password);
  const repeat = field(form, AUTH_FIELD.passwordRepeat);
  const errors: FieldErrors = {};
  const passwordError = passwordProblem(password, { checkLength: true });
  if (passwordError) errors.password = passwordError;
  else if (repeat !== password) errors.passwordRepeat = PASSWORDS_DIFFER;
  return result(errors, {}, () => ({ password }));
}

/** One-time link tokens (reset, e-mail confirmation) are URL-safe random strings. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,256}$/;
export const LINK_INVALID = "Ссылка недействительна или устарела";

export function linkToken(value: unknown): string | null {
  return typeof value === "string" && LINK_TOKEN_PATTERN.test(value) ? value : null;
}
