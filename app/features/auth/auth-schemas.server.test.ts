/** The authentication forms' schemas through the forms layer: junk, huge, missing and hostile input → a Russian message per field, never a throw. */
import { describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import {
  AGREEMENT_MISSING,
  CODE_INVALID,
  CODE_MISSING,
  EmailLoginForm,
  ForgotPasswordForm,
  NAME_MISSING,
  PASSWORDS_DIFFER,
  PASSWORD_MISSING,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PHONE_INVALID,
  PHONE_MISSING,
  ResetPasswordForm,
  SignupForm,
  SmsLoginForm,
  SmsSendForm,
} from "./auth-schemas.server.ts";
import { authRefusal, honeypotFilled, parseAuthForm } from "./auth.server.ts";
import { LINK_INVALID, formatPhone, linkToken } from "./auth-forms.ts";

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** The parse as the old tests read it: ok + body, or the first error of each field + what is given back. */
function read<S extends $ZodType>(schema: S, fields: Record<string, string | Blob>) {
  const submission = parseAuthForm(form(fields), schema);
  if (submission.status === "success") return { ok: true as const, body: submission.value };
  const reply = authRefusal(submission);
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) if (messages?.[0]) errors[name] = messages[0];
  return { ok: false as const, errors, values: (reply.initialValue ?? {}) as Record<string, string> };
}
const parseEmailLogin = (f: Record<string, string | Blob>) => read(EmailLoginForm, f);
const parseSmsSend = (f: Record<string, string | Blob>) => read(SmsSendForm, f);
const parseSmsLogin = (f: Record<string, string | Blob>) => read(SmsLoginForm, f);
const parseSignup = (f: Record<string, string | Blob>) => read(SignupForm, f);
const parseForgotPassword = (f: Record<string, string | Blob>) => read(ForgotPasswordForm, f);
const parseResetPassword = (f: Record<string, string | Blob>) => read(ResetPasswordForm, f);

describe("e-mail login", () => {
  it("gives the API body for a good form (e-mail trimmed, password as typed)", () => {
    expect(parseEmailLogin(({ email: "  user@demo.ru ", password: " demo12345 " }))).toEqual({
      ok: true,
      body: { email: "user@demo.ru", password: " demo12345 " },
    });
  });
  it("names each missing or wrong field in Russian", () => {
    expect(parseEmailLogin(({}))).toMatchObject({ ok: false, errors: { email: "Укажите e-mail", password: PASSWORD_MISSING } });
    expect(parseEmailLogin(({ email: "user@", password: "x" }))).toMatchObject({ ok: false, errors: { email: "Неверный формат e-mail" } });
    expect(parseEmailLogin(({ email: "user@demo.ru", password: "x".repeat(129) }))).toMatchObject({ errors: { password: PASSWORD_TOO_LONG } });
  });
  it("tries a short password (only signup and reset ask for 8 characters)", () => {
    expect(parseEmailLogin(({ email: "user@demo.ru", password: "short" })).ok).toBe(true);
  });
  it("never echoes the password, and cuts a huge e-mail before echoing it", () => {
    const parsed = parseEmailLogin(({ email: "a".repeat(100_000), password: "secret-password" }));
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).not.toContain("secret-password");
    expect(!parsed.ok && parsed.values.email!.length).toBeLessThanOrEqual(300);
  });
  it("takes a file in place of a field as an empty field", () => {
    expect(parseEmailLogin(({ email: new Blob(["x"]), password: new Blob(["y"]) }))).toMatchObject({ errors: { email: "Укажите e-mail", password: PASSWORD_MISSING } });
  });
  it("refuses CR/LF and markup in the address", () => {
    expect(parseEmailLogin(({ email: "a@b.ru\r\nBcc: x@y.ru", password: "p" })).ok).toBe(false);
    expect(parseEmailLogin(({ email: "<script>@x.ru", password: "p" })).ok).toBe(false);
  });
});

describe("phone login", () => {
  it("reads any spelling of a Russian number and the channel", () => {
    expect(parseSmsSend(({ phone: "+7 (921) 123-45-67" }))).toEqual({
      ok: true,
      body: { phone: "+79211234567", channel: "sms" },
    });
    expect(parseSmsSend(({ phone: "8 921 123 45 67", channel: "call" }))).toMatchObject({ ok: true, body: { phone: "+79211234567", channel: "call" } });
    expect(parseSmsSend(({ phone: "9211234567", channel: "carrier-pigeon" }))).toMatchObject({ body: { channel: "sms" } });
  });
  it("refuses a missing, foreign or junk number", () => {
    expect(parseSmsSend(({}))).toMatchObject({ ok: false, errors: { phone: PHONE_MISSING } });
    expect(parseSmsSend(({ phone: "+1 202 555 0100" }))).toMatchObject({ ok: false, errors: { phone: PHONE_INVALID } });
    expect(parseSmsSend(({ phone: "9".repeat(10_000) }))).toMatchObject({ ok: false, errors: { phone: PHONE_INVALID } });
  });
  it("takes a code of 4–6 digits, spaces dropped", () => {
    expect(parseSmsLogin(({ phone: "+79211234567", code: "12 34" }))).toMatchObject({ ok: true, body: { phone: "+79211234567", code: "1234" } });
    expect(parseSmsLogin(({ phone: "+79211234567" }))).toMatchObject({ ok: false, errors: { code: CODE_MISSING } });
    expect(parseSmsLogin(({ phone: "+79211234567", code: "12ab" }))).toMatchObject({ ok: false, errors: { code: CODE_INVALID } });
    expect(parseSmsLogin(({ phone: "+79211234567", code: "1234567" }))).toMatchObject({ ok: false, errors: { code: CODE_INVALID } });
    expect(JSON.stringify(parseSmsLogin(({ phone: "x", code: "9876" })))).not.toContain("9876");
  });
});

describe("signup", () => {
  const good = { email: "anna@company.ru", password: "strongpass", name: "  Анна   Смирнова ", agreement: "on" };
  it("gives the API body with the consent", () => {
    expect(parseSignup((good))).toEqual({
      ok: true,
      body: { email: "anna@company.ru", password: "strongpass", name: "Анна Смирнова", agreement: true },
    });
    // A refused sign-up gives back the e-mail, the name and the consent, never the password.
    const refused = parseSignup({ ...good, email: "anna@" });
    expect(refused).toMatchObject({ ok: false, values: { email: "anna@", name: "  Анна   Смирнова ", agreement: "on" } });
    expect(JSON.stringify(refused)).not.toContain("strongpass");
  });
  it("asks for 8 characters, a name and the consent", () => {
    expect(parseSignup(({ ...good, password: "1234567" }))).toMatchObject({ errors: { password: PASSWORD_TOO_SHORT } });
    expect(parseSignup(({ ...good, name: "   " }))).toMatchObject({ errors: { name: NAME_MISSING } });
    const { agreement: _a, ...noConsent } = good;
    expect(parseSignup((noConsent))).toMatchObject({ errors: { agreement: AGREEMENT_MISSING } });
    expect(Object.keys((parseSignup(({})) as { errors: object }).errors).sort()).toEqual(["agreement", "email", "name", "password"]);
    // Hostile: markup stays text, a file where text belongs is a missing field.
    expect(parseSignup({ ...good, name: "<script>alert(1)</script>" })).toMatchObject({ ok: true, body: { name: "<script>alert(1)</script>" } });
    expect(parseSignup({ ...good, name: new Blob(["x"]) })).toMatchObject({ errors: { name: NAME_MISSING } });
  });
});

describe("password reset", () => {
  it("asks for the same password twice", () => {
    expect(parseResetPassword(({ password: "newpassword", passwordRepeat: "newpassword" }))).toMatchObject({ ok: true, body: { password: "newpassword" } });
    expect(parseResetPassword(({ password: "newpassword", passwordRepeat: "newpasswore" }))).toMatchObject({ errors: { passwordRepeat: PASSWORDS_DIFFER } });
    expect(parseResetPassword(({ password: "short", passwordRepeat: "short" }))).toMatchObject({ errors: { password: PASSWORD_TOO_SHORT } });
  });
  it("forgot-password checks the address only", () => {
    expect(parseForgotPassword(({ email: "anna@company.ru" }))).toMatchObject({ ok: true, body: { email: "anna@company.ru" } });
    expect(parseForgotPassword(({ email: "anna" }))).toMatchObject({ ok: false });
  });
  it("link tokens are URL-safe strings of sane length", () => {
    expect(linkToken("A".repeat(43))).toBe("A".repeat(43));
    expect(linkToken("abc")).toBeNull();
    expect(linkToken("<script>alert(1)</script>")).toBeNull();
    expect(linkToken("a".repeat(300))).toBeNull();
    expect(linkToken(null)).toBeNull();
    expect(LINK_INVALID).toMatch(/недействительна/);
  });
});

describe("helpers", () => {
  it("spots a filled honeypot", () => {
    expect(honeypotFilled(form({ website: "http://spam.example" }))).toBe(true);
    expect(honeypotFilled(form({ website: "" }))).toBe(false);
    expect(honeypotFilled(form({}))).toBe(false);
  });
  it("writes a phone as the mask does", () => {
    expect(formatPhone("+79211234567")).toBe("+7 (921) 123-45-67");
  });
});
