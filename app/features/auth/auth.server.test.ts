/**
 * The /login and /logout actions over a fake API: the cookies and the redirect of a login, §8
 * errors under the fields, one message for an unknown e-mail and a wrong password, a 429 with its
 * wait, the honeypot, junk bodies, and logout clearing the token, refresh token and manager cookies.
 */
import { describe, expect, it } from "vitest";
import { createApiClient } from "#app/lib/api-client.server.ts";
import { AUTH_COOKIE_MAX_AGE } from "#app/lib/cookies.server.ts";
import { afterLoginPath, loginAction, logoutAction, parseAuthForm, problemFrom } from "./auth.server.ts";
import { LOGIN_FAILED_MESSAGE, type LoginAnswer } from "./auth-forms.ts";
import { formMessage } from "#app/lib/forms.ts";
import { ForgotPasswordForm } from "./auth-schemas.server.ts";

/** A reply as the page reads it: refused or not, which form, the message above it, the field errors, what is given back. */
function view(body: unknown) {
  const reply = body as LoginAnswer;
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) if (name !== "" && messages?.[0]) errors[name] = messages[0];
  return { ok: reply.status !== "error", intent: reply.formIntent, message: formMessage(reply), errors, values: reply.initialValue ?? {}, ...(reply.sent ?? {}) };
}

const API = "http://api.test/api";
const user = {
  id: 7,
  email: "user@demo.ru",
  emailVerified: true,
  phone: "+79215550101",
  phoneVerified: true,
  activated: true,
  name: "Ольга Петрова",
  birthdate: null,
  avatar: null,
  roles: ["ROLE_USER"],
  manager: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const loginOk = { data: { authenticated: { token: "access.token.x", refreshToken: "refresh-token-y" }, data: user } };
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

function setup(handler: (request: Request) => Response | Promise<Response>, hostname = "example.ru", tokens: { token: string; refreshToken: string } | null = null) {
  const seen: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  const api = createApiClient({
    baseUrl: API,
    defaultTimeoutMs: 1000,
    tokens,
    fetch: async (request) => {
      const text = await request.clone().text();
      seen.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null, auth: request.headers.get("authorization") });
      return handler(request);
    },
  });
  // Real hosts are on https, local ones (development) on http.
  const protocol = hostname.endsWith("localhost") ? "http" : "https";
  const context = { api, site: { origin: `${protocol}://${hostname}`, host: hostname, hostname, protocol, isMoscow: false }, cookieDomain: undefined };
  return { context, seen };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

async function asResponse(result: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const d = result as { data: unknown; init: ResponseInit | null };
  return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
}

describe("login by e-mail", () => {
  it("sets both HttpOnly cookies for the whole domain and goes to /profile/cp", async () => {
    const { context, seen } = setup(() => json(loginOk));
    const result = await loginAction(context, form({ intent: "email", email: " user@demo.ru ", password: "demo12345" }));
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/profile/cp");
    const cookies = response.headers.getSetCookie();
    // On https the pair is `__Secure-` (issue 25); the plain names of before are cleared.
    expect(cookies).toHaveLength(4);
    expect(cookies.filter((c) => /^(token|refreshToken)=;/.test(c))).toHaveLength(2);
    for (const [name, value] of [["__Secure-token", "access.token.x"], ["__Secure-refreshToken", "refresh-token-y"]]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`))!;
      expect(cookie).toContain(`${name}=${value}`);
      expect(cookie).toContain(`Max-Age=${AUTH_COOKIE_MAX_AGE}`);
      expect(cookie).toContain("Domain=example.ru");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("SameSite=Lax");
    }
    expect(seen).toEqual([{ method: "POST", path: "/api/auth/login", body: { email: "user@demo.ru", password: "demo12345" }, auth: null }]);
  });

  it("a login on msk. shares the cookie with the main host (§9), local hosts get no Domain nor Secure", async () => {
    const msk = await loginAction(setup(() => json(loginOk), "msk.example.ru").context, form({ email: "user@demo.ru", password: "demo12345" }));
    for (const cookie of (msk as Response).headers.getSetCookie()) expect(cookie).toContain("Domain=example.ru");
    const local = await loginAction(setup(() => json(loginOk), "msk.localhost").context, form({ email: "user@demo.ru", password: "demo12345" }));
    expect((local as Response).headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(["token", "refreshToken"]);
    for (const cookie of (local as Response).headers.getSetCookie()) {
      expect(cookie).not.toContain("Domain=");
      expect(cookie).not.toContain("Secure");
      expect(cookie).toContain("HttpOnly");
    }
  });

  it("goes to a safe redirectTo, never to another site or back to an auth page", async () => {
    const go = async (redirectTo: string) =>
      ((await loginAction(setup(() => json(loginOk)).context, form({ email: "user@demo.ru", password: "x", redirectTo }))) as Response).headers.get("Location");
    expect(await go("/profile/orders?page=2")).toBe("/profile/orders?page=2");
    expect(await go("//evil.example/x")).toBe("/profile/cp");
    expect(await go("https://evil.example/")).toBe("/profile/cp");
    // The backslash is dropped (browsers read it as "/"): what is left is a path of this site.
    expect(await go("/\\evil.example")).toBe("/evil.example");
    expect(await go("/logout")).toBe("/profile/cp");
    expect(await go("/login?redirectTo=/x")).toBe("/profile/cp");
    expect(afterLoginPath(undefined)).toBe("/profile/cp");
  });

  it("answers an unknown e-mail and a wrong password with the same message, and no cookie", async () => {
    const answers = [];
    for (const apiAnswer of [
      json({ message: "Неверный e-mail или пароль", errors: [{ field: "password", message: "Неверный e-mail или пароль" }] }, 401),
      json({ message: "Пользователь не найден", errors: [{ field: "email", message: "Пользователь не найден" }] }, 404),
    ]) {
      const { status, body, headers } = await asResponse(await loginAction(setup(() => apiAnswer).context, form({ email: "who@demo.ru", password: "wrong-password" })));
      expect(status).toBe(400);
      expect(headers.getSetCookie()).toEqual([]);
      answers.push(view(body));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ ok: false, intent: "email", message: LOGIN_FAILED_MESSAGE, errors: {}, values: { email: "who@demo.ru" } });
    expect(JSON.stringify(answers)).not.toContain("wrong-password");
  });

  it("shows a 429 with how long to wait", async () => {
    const limited = await asResponse(
      await loginAction(setup(() => json({ message: "Слишком много попыток входа", errors: [] }, 429, { "Retry-After": "840" })).context, form({ email: "user@demo.ru", password: "x" })),
    );
    expect(view(limited.body)).toMatchObject({ ok: false, message: "Слишком много попыток входа. Попробуйте через 14 минут." });
    // A message that already says the wait is shown as it is.
    const worded = await asResponse(
      await loginAction(setup(() => json({ message: "Слишком много попыток. Попробуйте через 15 минут", errors: [] }, 429, { "Retry-After": "900" })).context, form({ email: "user@demo.ru", password: "x" })),
    );
    expect(view(worded.body)).toMatchObject({ message: "Слишком много попыток. Попробуйте через 15 минут" });
    // A limit on one field (a code per phone a minute) is said once, under that field.
    const perPhone = await asResponse(
      await loginAction(
        setup(() => json({ message: "Новый код можно запросить через 38 секунд", errors: [{ field: "phone", message: "Новый код можно запросить через 38 секунд" }] }, 429, { "Retry-After": "38" })).context,
        form({ intent: "sms-send", phone: "+79215550177" }),
      ),
    );
    expect(view(perPhone.body)).toMatchObject({ ok: false, message: null, errors: { phone: "Новый код можно запросить через 38 секунд" } });
  });

  it("a filled honeypot looks like success: no API call, no cookie", async () => {
    const { context, seen } = setup(() => json(loginOk));
    const response = (await loginAction(context, form({ email: "bot@spam.ru", password: "x", website: "http://spam" }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(seen).toEqual([]);
  });

  it("refuses junk without calling the API: a body that is not a form, missing fields, a 5xx is the default message", async () => {
    const { context, seen } = setup(() => json(loginOk));
    expect((await asResponse(await loginAction(context, null))).status).toBe(400);
    expect(view((await asResponse(await loginAction(context, form({ intent: "<script>", email: "", password: "" })))).body)).toMatchObject({
      ok: false,
      errors: { email: "Укажите e-mail", password: "Введите пароль" },
    });
    expect(seen).toEqual([]);
    const down = await asResponse(await loginAction(setup(() => new Response("boom", { status: 502 })).context, form({ email: "user@demo.ru", password: "x" })));
    expect(down.status).toBe(400);
    expect(view(down.body)).toMatchObject({ ok: false, message: "Что-то пошло не так" });
  });
});

describe("login by phone", () => {
  it("sends the code (SMS or call) and answers when the next may be asked", async () => {
    const { context, seen } = setup(() => json({ data: { success: true, resendIn: 60, codeLength: 4 } }));
    const { body } = await asResponse(await loginAction(context, form({ intent: "sms-send", phone: "+7 (921) 555-01-01", channel: "call" })));
    expect(view(body)).toMatchObject({ ok: true, intent: "sms-send", phone: "+79215550101", channel: "call", resendIn: 60, codeLength: 4 });
    expect(seen[0]).toMatchObject({ path: "/api/auth/sms/send", body: { phone: "+79215550101", channel: "call" } });
  });

  it("logs in with the code; a wrong code is shown under the code field", async () => {
    const ok = (await loginAction(setup(() => json(loginOk)).context, form({ intent: "sms-login", phone: "+79215550101", code: "1234" }))) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.getSetCookie()).toHaveLength(4);
    const wrong = await asResponse(
      await loginAction(
        setup(() => json({ message: "Неверный код. Осталось попыток: 4", errors: [{ field: "code", message: "Неверный код. Осталось попыток: 4" }] }, 400)).context,
        form({ intent: "sms-login", phone: "+79215550101", code: "0000" }),
      ),
    );
    expect(view(wrong.body)).toMatchObject({ ok: false, intent: "sms-login", errors: { code: "Неверный код. Осталось попыток: 4" }, values: { phone: "+79215550101" } });
    expect(JSON.stringify(wrong.body)).not.toContain("0000");
  });

  it("a filled honeypot gets a 'code sent' answer and nothing is sent", async () => {
    const { context, seen } = setup(() => json({}));
    const { body } = await asResponse(await loginAction(context, form({ intent: "sms-send", phone: "9215550101", website: "x" })));
    expect(view(body)).toMatchObject({ ok: true, intent: "sms-send" });
    expect(seen).toEqual([]);
  });
});

describe("logout", () => {
  it("revokes the session with the refresh token and clears token, refreshToken and the manager cookie", async () => {
    const { context, seen } = setup(() => json({ data: { success: true } }), "example.ru", { token: "access.token.x", refreshToken: "refresh-token-y" });
    const request = new Request("https://example.ru/logout", { method: "POST", headers: { cookie: "token=access.token.x; refreshToken=refresh-token-y; managerId=5" } });
    const response = await logoutAction(context, request);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(["__Secure-refreshToken", "__Secure-token", "managerId", "refreshToken", "token"]);
    for (const cookie of cookies) expect(cookie).toMatch(/Max-Age=0/);
    // The plain cookies of before the prefix are still this session's on https: their refresh token is revoked.
    expect(seen).toEqual([{ method: "DELETE", path: "/api/auth/logout", body: { refreshToken: "refresh-token-y" }, auth: "Bearer access.token.x" }]);
  });

  it("revokes the refresh token of the `__Secure-` cookie on https, and of the plain one on http", async () => {
    const https = setup(() => json({ data: { success: true } }), "example.ru");
    await logoutAction(https.context, new Request("https://example.ru/logout", { method: "POST", headers: { cookie: "__Secure-refreshToken=secure-r; refreshToken=old-r" } }));
    expect(https.seen.map((c) => c.body)).toEqual([{ refreshToken: "secure-r" }]);
    const http = setup(() => json({ data: { success: true } }), "localhost");
    await logoutAction(http.context, new Request("http://localhost/logout", { method: "POST", headers: { cookie: "__Secure-refreshToken=secure-r; refreshToken=plain-r" } }));
    expect(http.seen.map((c) => c.body)).toEqual([{ refreshToken: "plain-r" }]);
  });

  it("clears the cookies even when the API is down", async () => {
    const { context } = setup(() => new Response("", { status: 503 }), "example.ru", { token: "a", refreshToken: "b" });
    const response = await logoutAction(context, new Request("https://example.ru/logout", { method: "POST" }));
    expect(response.headers.getSetCookie()).toHaveLength(5);
  });
});

describe("§8 mapping", () => {
  it("puts a form's own fields under them and any other field's message above", () => {
    const submission = parseAuthForm(form({ email: "anna@company.ru" }), ForgotPasswordForm);
    expect(view(problemFrom(submission, { message: "Ошибка", status: 400, errors: { email: "Занят", phone: "Телефон занят" } }, ["email"]))).toMatchObject({
      ok: false,
      message: "Телефон занят",
      errors: { email: "Занят" },
      values: { email: "anna@company.ru" },
    });
    expect(formMessage(problemFrom(submission, { message: "Что-то пошло не так", status: 500, errors: {} }, ["email"]))).toBe("Что-то пошло не так");
  });
});
