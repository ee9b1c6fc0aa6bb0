/** The authentication forms' parsing: junk, huge, missing and hostile input → a Russian message per field, never a throw. */
import { describe, expect, it } from "vitest";
import {
  AGREEMENT_MISSING,
  CODE_INVALID,
  CODE_MISSING,
  LINK_INVALID,
  NAME_MISSING,
  PASSWORDS_DIFFER,
  PASSWORD_MISSING,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PHONE_INVALID,
  PHONE_MISSING,
  honeypotFilled,
  linkToken,
  parseEmailLogin,
  parseForgotPassword,
  parseResetPassword,
  parseSignup,
  parseSmsLogin,
  parseSmsSend,
} from "./auth-parse.ts";
import { formatPhone } from "./auth-forms.ts";

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe("e-mail login", () => {
  it("gives the API body for a good form (e-mail trimmed, password as typed)", () => {
    expect(parseEmailLogin(form({ email: "  user@demo.ru ", password: " demo12345 " }))).toEqual({
      ok: true,
      body: { email: "user@demo.ru", password: " demo12345 " },
      values: { email: "user@demo.ru" },
    });
  });
  it("names each missing or wrong field in Russian", () => {
    expect(parseEmailLogin(form({}))).toMatchObject({ ok: false, errors: { email: "Укажите e-mail", password: PASSWORD_MISSING } });
    expect(parseEmailLogin(form({ email: "user@", password: "x" }))).toMatchObject({ ok: false, errors: { email: "Неверный формат e-mail" } });
    expect(parseEmailLogin(form({ email: "user@demo.ru", password: "x".repeat(129) }))).toMatchObject({ errors: { password: PASSWORD_TOO_LONG } });
  });
  it("tries a short password (only signup and reset ask for 8 characters)", () => {
    expect(parseEmailLogin(form({ email: "user@demo.ru", password: "short" })).ok).toBe(true);
  });
  it("never echoes the password, and cuts a huge e-mail before echoing it", () => {
    const parsed = parseEmailLogin(form({ email: "a".repeat(100_000), password: "secret-password" }));
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).not.toContain("secret-password");
    expect(parsed.values.email!.length).toBeLessThanOrEqual(255);
  });
  it("takes a file in place of a field as an empty field", () => {
    expect(parseEmailLogin(form({ email: new Blob(["x"]), password: new Blob(["y"]) }))).toMatchObject({ errors: { email: "Укажите e-mail", password: PASSWORD_MISSING } });
  });
  it("refuses CR/LF and markup in the address", () => {
    expect(parseEmailLogin(form({ email: "a@b.ru\r\nBcc: x@y.ru", password: "p" })).ok).toBe(false);
    expect(parseEmailLogin(form({ email: "<script>@x.ru", password: "p" })).ok).toBe(false);
  });
});

describe("phone login", () => {
  it("reads any spelling of a Russian number and the channel", () => {
    expect(parseSmsSend(form({ phone: "+7 (921) 123-45-67" }))).toEqual({
      ok: true,
      body: { phone: "+79211234567", channel: "sms" },
      values: { phone: "+79211234567", channel: "sms" },
    });
    expect(parseSmsSend(form({ phone: "8 921 123 45 67", channel: "call" }))).toMatchObject({ ok: true, body: { phone: "+79211234567", channel: "call" } });
    expect(parseSmsSend(form({ phone: "9211234567", channel: "carrier-pigeon" }))).toMatchObject({ body: { channel: "sms" } });
  });
  it("refuses a missing, foreign or junk number", () => {
    expect(parseSmsSend(form({}))).toMatchObject({ ok: false, errors: { phone: PHONE_MISSING } });
    expect(parseSmsSend(form({ phone: "+1 202 555 0100" }))).toMatchObject({ ok: false, errors: { phone: PHONE_INVALID } });
    expect(parseSmsSend(form({ phone: "9".repeat(10_000) }))).toMatchObject({ ok: false, errors: { phone: PHONE_INVALID } });
  });
  it("takes a code of 4–6 digits, spaces dropped", () => {
    expect(parseSmsLogin(form({ phone: "+79211234567", code: "12 34" }))).toMatchObject({ ok: true, body: { phone: "+79211234567", code: "1234" } });
    expect(parseSmsLogin(form({ phone: "+79211234567" }))).toMatchObject({ ok: false, errors: { code: CODE_MISSING } });
    expect(parseSmsLogin(form({ phone: "+79211234567", code: "12ab" }))).toMatchObject({ ok: false, errors: { code: CODE_INVALID } });
    expect(parseSmsLogin(form({ phone: "+79211234567", code: "1234567" }))).toMatchObject({ ok: false, errors: { code: CODE_INVALID } });
    expect(JSON.stringify(parseSmsLogin(form({ phone: "x", code: "9876" })))).not.toContain("9876");
  });
});

describe("signup", () => {
  const good = { email: "anna@company.ru", password: "strongpass", name: "  Анна   Смирнова ", agreement: "on" };
  it("gives the API body with the consent", () => {
    expect(parseSignup(form(good))).toEqual({
      ok: true,
      body: { email: "anna@company.ru", password: "strongpass", name: "Анна Смирнова", agreement: true },
      values: { email: "anna@company.ru", name: "Анна Смирнова", agreement: "on" },
    });
  });
  it("asks for 8 characters, a name and the consent", () => {
    expect(parseSignup(form({ ...good, password: "1234567" }))).toMatchObject({ errors: { password: PASSWORD_TOO_SHORT } });
    expect(parseSignup(form({ ...good, name: "   " }))).toMatchObject({ errors: { name: NAME_MISSING } });
    const { agreement: _a, ...noConsent } = good;
    expect(parseSignup(form(noConsent))).toMatchObject({ errors: { agreement: AGREEMENT_MISSING } });
    expect(Object.keys((parseSignup(form({})) as { errors: object }).errors).sort()).toEqual(["agreement", "email", "name", "password"]);
  });
});

describe("password reset", () => {
  it("asks for the same password twice", () => {
    expect(parseResetPassword(form({ password: "newpassword", passwordRepeat: "newpassword" }))).toMatchObject({ ok: true, body: { password: "newpassword" } });
    expect(parseResetPassword(form({ password: "newpassword", passwordRepeat: "newpasswore" }))).toMatchObject({ errors: { passwordRepeat: PASSWORDS_DIFFER } });
    expect(parseResetPassword(form({ password: "short", passwordRepeat: "short" }))).toMatchObject({ errors: { password: PASSWORD_TOO_SHORT } });
  });
  it("forgot-password checks the address only", () => {
    expect(parseForgotPassword(form({ email: "anna@company.ru" }))).toMatchObject({ ok: true, body: { email: "anna@company.ru" } });
    expect(parseForgotPassword(form({ email: "anna" }))).toMatchObject({ ok: false });
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
