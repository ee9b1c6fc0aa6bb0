/**
 * The authentication forms' schemas (ADR 046): what the login, sign-up and reset forms take, read
 * by Conform's `parseWithZod` (app/lib/forms.server.ts). The limits and words are the contract's
 * (contract/auth.ts, contract/subscription-rules.ts, contract/phone.ts); each field's missing,
 * junk (a file in place of text) and wrong values get the shop's Russian message (§8).
 */
import { z } from "zod";
import { emailProblem } from "#contract/subscription-rules.ts";
import { normalizePhone } from "#contract/phone.ts";
import { PHONE_FORMAT_MESSAGE } from "#contract/common.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth-forms.ts";

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

/** Fields never given back to the page (a reply echoes what was typed). */
export const SECRET_FIELDS = ["password", "passwordRepeat", "code", "website"];

/** The address as typed, trimmed; the subscription's one e-mail rule (missing, too long, format). */
const email = () =>
  z.string({ error: "Укажите e-mail" }).transform((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return value.trim();
  });

/** A password as typed (never trimmed: spaces may be part of it). At login any length is tried (an old one may predate the rule). */
const password = ({ checkLength }: { checkLength: boolean }) =>
  z
    .string({ error: PASSWORD_MISSING })
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG)
    .refine((value) => !checkLength || value.length >= MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT);
// (Transforms, not pipes: Conform's empty-is-missing coercion rebuilds a pipe's inner schemas without their messages.)

/** Any spelling of a Russian number → "+79211234567" (contract/phone.ts). */
const phone = () =>
  z.string({ error: PHONE_MISSING }).transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) ctx.addIssue({ code: "custom", message: value.trim() ? PHONE_INVALID : PHONE_MISSING });
    return normalized ?? "";
  });

const channel = () => z.enum(["sms", "call"]).catch("sms");

export const EmailLoginForm = z.object({ email: email(), password: password({ checkLength: false }) });

export const SmsSendForm = z.object({ phone: phone(), channel: channel() });

export const SmsLoginForm = z.object({
  phone: phone(),
  channel: channel(),
  code: z.string({ error: CODE_MISSING }).transform((value, ctx) => {
    const code = value.replace(/\s/g, "");
    if (!/^\d{4,6}$/.test(code)) ctx.addIssue({ code: "custom", message: code === "" ? CODE_MISSING : CODE_INVALID });
    return code;
  }),
});

export const SignupForm = z.object({
  email: email(),
  password: password({ checkLength: true }),
  name: z.string({ error: NAME_MISSING }).transform((value, ctx) => {
    const name = value.trim().replace(/\s+/g, " ");
    if (name === "") ctx.addIssue({ code: "custom", message: NAME_MISSING });
    else if (name.length > MAX_NAME_LENGTH) ctx.addIssue({ code: "custom", message: NAME_TOO_LONG });
    return name;
  }),
  agreement: z.string({ error: AGREEMENT_MISSING }).transform(() => true as const),
});

export const ForgotPasswordForm = z.object({ email: email() });

export const ResetPasswordForm = z
  .object({ password: password({ checkLength: true }), passwordRepeat: z.string().optional() })
  .refine((form) => form.password === form.passwordRepeat, { message: PASSWORDS_DIFFER, path: ["passwordRepeat"] });
