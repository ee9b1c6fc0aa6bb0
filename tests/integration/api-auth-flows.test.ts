/**
 * The code, link and profile flows of issue 19 (ADR 033) on PGlite (and PostgreSQL with
 * TEST_DATABASE_URL): phone-code login (first login creates the account; expiry with an injected
 * clock; 5 tries then dead; one code a minute → 429 + Retry-After), sign-up (validation of junk,
 * huge, missing and hostile input: Russian field errors, never 5xx), the confirmation link, the
 * password reset (one answer for any e-mail), password change (revokes sessions), phone and e-mail
 * changes, the avatar (images only, size limit, 256×256 WebP), and that no password, token or code
 * reaches the log other than the one development code line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { ChangePasswordResult, CodeSent, LoginResult, RefreshResult, User, type ApiErrorBody } from "../../contract/index";
import { files, users, verificationCodes } from "../../api/db/schema";
import { CODE_TTL_MS, MAX_ATTEMPTS } from "../../api/auth/codes";
import { DEMO_PASSWORD } from "../../api/auth/demo-accounts";
import { createSmsSender } from "../../api/auth/sms";
import { testBackends } from "../../api/testing";
import { freshIp, json, openAuthHarness, type Harness } from "../support/auth-harness";
import { captureLog } from "#tests/support/log-capture.ts";

const data = async <T>(res: Response, schema: { parse(v: unknown): T }): Promise<T> => schema.parse((await json<{ data: unknown }>(res)).data);
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

describe.each(testBackends())("auth flows on $name", (backend) => {
  let h: Harness;
  /** Everything logged during the suite (the no-secrets check): the server's log, and the console. */
  let log: ReturnType<typeof captureLog>;
  const consoleLines: string[] = [];
  const secrets: string[] = [];
  beforeAll(async () => {
    log = captureLog();
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleLines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      });
    }
    h = await openAuthHarness(backend, { consoleSms: true });
  });
  afterAll(async () => {
    await h?.close();
    vi.restoreAllMocks();
  });
  afterEach(() => {
    h.smsLines.length = 0;
  });

  const keep = <T extends { authenticated: { token: string; refreshToken: string } }>(session: T): T => {
    secrets.push(session.authenticated.token, session.authenticated.refreshToken);
    return session;
  };

  describe("phone code login", () => {
    const phone = "+7 (911) 700-10-20";
    const normal = "+79117001020";

    it("sends a code, logs it once for the developer, and creates the account on first login", async () => {
      const sent = await h.call("POST", "/auth/sms/send", { phone });
      expect(sent.status).toBe(200);
      expect(await data(sent, CodeSent)).toEqual({ success: true, resendIn: 60, codeLength: 6 });
      expect(h.smsLines).toHaveLength(1);
      expect(h.smsLines[0]).toMatch(/^\[auth\] Код входа для \+79117001020: \d{6}$/);
      const code = h.lastCode(normal);
      secrets.push(code);
      const res = await h.call("POST", "/auth/sms/login", { phone, code });
      expect(res.status).toBe(200);
      const session = keep(await data(res, LoginResult));
      expect(session.data).toMatchObject({ phone: normal, phoneVerified: true, roles: ["ROLE_USER"], email: null });
      // Used once.
      expect((await h.call("POST", "/auth/sms/login", { phone, code })).status).toBe(400);
      const [row] = await h.t.db.select().from(verificationCodes).where(eq(verificationCodes.target, normal));
      expect(row.codeHash).not.toContain(code);
    });

    it("logs the same account in on the next code", async () => {
      h.clock.advance(61_000);
      await h.call("POST", "/auth/sms/send", { phone: normal });
      const session = keep(await data(await h.call("POST", "/auth/sms/login", { phone: normal, code: h.lastCode(normal) }), LoginResult));
      const accounts = await h.t.db.select().from(users).where(eq(users.phone, normal));
      expect(accounts).toHaveLength(1);
      expect(session.data.id).toBe(accounts[0].id);
    });

    it("allows one code per phone a minute: 429 with Retry-After and the seconds left", async () => {
      const p = "+79117001021";
      expect((await h.call("POST", "/auth/sms/send", { phone: p })).status).toBe(200);
      h.clock.advance(1000);
      const again = await h.call("POST", "/auth/sms/send", { phone: p, channel: "call" });
      expect(again.status).toBe(429);
      const retry = Number(again.headers.get("Retry-After"));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      const body = await json<ApiErrorBody>(again);
      expect(body.message).toMatch(/^Новый код можно запросить через \d+ секунд/);
      expect(body.errors[0].field).toBe("phone");
    });

    it("a code expires after 10 minutes", async () => {
      const p = "+79117001022";
      await h.call("POST", "/auth/sms/send", { phone: p });
      const code = h.lastCode(p);
      h.clock.advance(CODE_TTL_MS + 1000);
      const res = await h.call("POST", "/auth/sms/login", { phone: p, code });
      expect(res.status).toBe(400);
      expect((await json<ApiErrorBody>(res)).errors[0]).toEqual({ field: "code", message: "Код устарел или не запрашивался: запросите новый" });
    });

    it("a code dies after 5 wrong tries, even the right one after that", async () => {
      const p = "+79117001023";
      h.clock.advance(61_000);
      await h.call("POST", "/auth/sms/send", { phone: p });
      const code = h.lastCode(p);
      const wrong = code === "000000" ? "111111" : "000000";
      const messages: string[] = [];
      for (let i = 0; i < MAX_ATTEMPTS; i++) messages.push((await json<ApiErrorBody>(await h.call("POST", "/auth/sms/login", { phone: p, code: wrong }))).message);
      expect(messages.slice(0, 4)).toEqual([4, 3, 2, 1].map((n) => `Неверный код. Осталось попыток: ${n}`));
      expect(messages[4]).toBe("Код больше не действует: запросите новый");
      const late = await h.call("POST", "/auth/sms/login", { phone: p, code });
      expect(late.status).toBe(400);
      expect((await json<ApiErrorBody>(late)).message).toBe("Код больше не действует: запросите новый");
      // A new code works.
      h.clock.advance(61_000);
      await h.call("POST", "/auth/sms/send", { phone: p });
      expect((await h.call("POST", "/auth/sms/login", { phone: p, code: h.lastCode(p) })).status).toBe(200);
    });

    it("wrong codes are capped per phone, not per code: a new code a minute buys no more tries (issue 25)", async () => {
      const p = "+79117001040";
      const attacker = freshIp();
      const guess = (ip: string) => h.call("POST", "/auth/sms/login", { phone: p, code: "0000" }, { ip });
      const send = (ip: string) => h.call("POST", "/auth/sms/send", { phone: p, channel: "call" }, { ip });
      // Before: 5 tries a code and a new code every minute. Now the 8th wrong code from one IP locks it.
      const statuses: number[] = [];
      for (let round = 0; round < 3 && !statuses.includes(429); round++) {
        h.clock.advance(61_000);
        expect((await send(attacker)).status).toBe(200);
        expect(h.lastCode(p)).not.toBe("0000");
        for (let i = 0; i < MAX_ATTEMPTS && !statuses.includes(429); i++) statuses.push((await guess(attacker)).status);
      }
      expect(statuses).toEqual([...Array<number>(7).fill(400), 429]);
      const locked = await guess(attacker);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(3500);
      expect((await json<ApiErrorBody>(locked)).errors[0]).toEqual({ field: "code", message: expect.stringMatching(/^Слишком много неверных кодов для этого номера\. Попробуйте через (59|60) минут$/) });
      // The right code is refused to that IP, and no new code is sent to it.
      h.clock.advance(61_000);
      const noCode = await send(attacker);
      expect(noCode.status).toBe(429);
      expect((await json<ApiErrorBody>(noCode)).errors[0]?.field).toBe("phone");
      // The owner at their own IP still logs in.
      const owner = freshIp();
      expect((await send(owner)).status).toBe(200);
      expect((await h.call("POST", "/auth/sms/login", { phone: p, code: h.lastCode(p) }, { ip: owner })).status).toBe(200);
      // Spread over IPs, the phone's own cap (12 an hour) stops everyone for the rest of the hour.
      h.clock.advance(61_000);
      expect((await send(freshIp())).status).toBe(200);
      const spread: number[] = [];
      for (let i = 0; i < 4; i++) spread.push((await guess(freshIp())).status);
      expect(spread).toEqual([400, 400, 400, 429]);
      h.clock.advance(61_000);
      const everyone = await send(freshIp());
      expect(everyone.status).toBe(429);
      // An hour later the phone takes codes again (8 more a day at most).
      h.clock.advance(61 * 60_000);
      expect((await send(freshIp())).status).toBe(200);
    });

    it("refuses junk phones and codes with Russian field errors", async () => {
      for (const body of [{}, { phone: "" }, { phone: "123" }, { phone: "+1 555 123 4567 890" }, { phone: "<script>" }, { phone: "9".repeat(10_000) }, { phone: 79117001020 }]) {
        const res = await h.call("POST", "/auth/sms/send", body);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect((await json<ApiErrorBody>(res)).errors[0].field).toBe("phone");
      }
      for (const code of ["", "12", "1234567", "abcd", "12 34", "1".repeat(5000)]) {
        expect((await h.call("POST", "/auth/sms/login", { phone: "+79117001020", code })).status).toBe(400);
      }
    });
  });

  describe("sign-up", () => {
    it("validates every field with Russian messages, never a 5xx", async () => {
      const good = { email: "new.client@example.ru", password: "Vesna2026!", name: "Андрей Новиков", agreement: true };
      const cases: [unknown, string][] = [
        [{ ...good, email: "not-an-email" }, "email"],
        [{ ...good, email: `${"a".repeat(300)}@example.ru` }, "email"],
        [{ ...good, password: "short" }, "password"],
        [{ ...good, password: "x".repeat(129) }, "password"],
        [{ ...good, name: "   " }, "name"],
        [{ ...good, name: "Я".repeat(256) }, "name"],
        [{ ...good, name: "Иван\n\nВаш аккаунт заблокирован: https://evil.example" }, "name"],
        [{ ...good, password: ["Vesna2026!"] }, "password"],
        [{ ...good, agreement: false }, "agreement"],
        [{ email: good.email, password: good.password, name: good.name }, "agreement"],
        [{ ...good, name: undefined }, "name"],
        [{ ...good, email: { $ne: null } }, "email"],
        [{ ...good, phone: "not a phone" }, "phone"],
      ];
      for (const [body, field] of cases) {
        const res = await h.call("POST", "/auth/signup", body);
        expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        const error = await json<ApiErrorBody>(res);
        expect(error.errors.map((e) => e.field)).toContain(field);
        expect(error.errors.every((e) => /[а-яё]/i.test(e.message))).toBe(true);
      }
      for (const raw of ["{", "null", "[]", '"x"', "x".repeat(200_000)]) expect((await h.call("POST", "/auth/signup", raw)).status).toBe(400);
      expect(await h.t.db.select().from(users).where(eq(users.email, good.email))).toHaveLength(0);
    });

    it("creates the account, logs in, and mails the confirmation link that activates it", async () => {
      h.letters.length = 0;
      const body = { email: "Anna.Kovaleva@Example.ru", password: "Osen2026!", name: "Анна Ковалёва", agreement: true };
      secrets.push(body.password);
      const res = await h.call("POST", "/auth/signup", body, { headers: { "X-Site-Origin": "https://spb.example.ru" } });
      expect(res.status).toBe(200);
      const session = keep(await data(res, LoginResult));
      expect(session.data).toMatchObject({ email: "anna.kovaleva@example.ru", emailVerified: false, activated: false, name: "Анна Ковалёва" });
      expect(h.letters).toHaveLength(1);
      expect(h.letters[0].to).toBe("anna.kovaleva@example.ru");
      expect(h.letters[0].text).toMatch(/https:\/\/spb\.example\.ru\/email\/confirm\?token=[A-Za-z0-9_-]{43}/);
      const token = tokenIn(h.letters[0].text);
      secrets.push(token);
      expect((await h.call("POST", "/profile/email/confirm", { token })).status).toBe(200);
      const user = await data(await h.call("GET", "/profile", undefined, { token: session.authenticated.token }), User);
      expect(user).toMatchObject({ emailVerified: true, activated: true });
      // The link works once.
      const again = await h.call("POST", "/profile/email/confirm", { token });
      expect(again.status).toBe(400);
      expect((await json<ApiErrorBody>(again)).message).toBe("Ссылка устарела или уже использована. Запросите новую");
      // The same address again, in any case: a clear field error.
      const dup = await h.call("POST", "/auth/signup", { ...body, email: "ANNA.KOVALEVA@example.ru" });
      expect(dup.status).toBe(400);
      expect((await json<ApiErrorBody>(dup)).errors[0]).toEqual({ field: "email", message: "Этот e-mail уже зарегистрирован. Войдите или восстановите пароль" });
      // And the new password logs in.
      expect((await h.call("POST", "/auth/login", { email: body.email, password: body.password })).status).toBe(200);
    });
  });

  describe("password reset", () => {
    it("answers the same for a known and an unknown e-mail; only the known one gets a letter", async () => {
      h.letters.length = 0;
      const known = await h.call("POST", "/auth/reset-password", { email: "manager@demo.ru" });
      const unknown = await h.call("POST", "/auth/reset-password", { email: "nobody-here@demo.ru" });
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual(await unknown.json());
      expect(h.letters.map((l) => l.to)).toEqual(["manager@demo.ru"]);
      // One letter a minute per address.
      const again = await h.call("POST", "/auth/reset-password", { email: "manager@demo.ru" });
      expect(again.status).toBe(429);
      expect(again.headers.get("Retry-After")).toMatch(/^\d+$/);
    });

    it("the link sets a new password once and ends every session", async () => {
      const before = keep(await data(await h.call("POST", "/auth/login", { email: "manager@demo.ru", password: DEMO_PASSWORD }), LoginResult));
      const token = tokenIn(h.letters.at(-1)!.text);
      secrets.push(token);
      expect(h.letters.at(-1)!.text).toContain(`/reset-password?token=${token}`);
      for (const password of ["", "short", "x".repeat(129)]) expect((await h.call("POST", `/auth/reset-password/${token}`, { password })).status).toBe(400);
      expect((await h.call("POST", `/auth/reset-password/${"x".repeat(43)}`, { password: "Zima2026!!" })).status).toBe(400);
      const ok = await h.call("POST", `/auth/reset-password/${token}`, { password: "Zima2026!!" });
      expect(ok.status).toBe(200);
      expect((await h.call("POST", `/auth/reset-password/${token}`, { password: "Leto2026!!" })).status).toBe(400);
      expect((await h.call("POST", "/auth/refresh", { refreshToken: before.authenticated.refreshToken })).status).toBe(401);
      expect((await h.call("POST", "/auth/login", { email: "manager@demo.ru", password: DEMO_PASSWORD })).status).toBe(401);
      expect((await h.call("POST", "/auth/login", { email: "manager@demo.ru", password: "Zima2026!!" })).status).toBe(200);
    });

    it("an expired link does nothing", async () => {
      h.clock.advance(61_000);
      await h.call("POST", "/auth/reset-password", { email: "chief@demo.ru" });
      const token = tokenIn(h.letters.at(-1)!.text);
      h.clock.advance(CODE_TTL_MS + 1);
      expect((await h.call("POST", `/auth/reset-password/${token}`, { password: "Zima2026!!" })).status).toBe(400);
      expect((await h.call("POST", "/auth/login", { email: "chief@demo.ru", password: DEMO_PASSWORD })).status).toBe(200);
    });
  });

  describe("profile", () => {
    let session: LoginResult;
    beforeAll(async () => {
      session = keep(await data(await h.call("POST", "/auth/login", { email: "user@demo.ru", password: DEMO_PASSWORD }, { ip: freshIp() }), LoginResult));
    });
    const as = (method: string, path: string, body?: unknown, init: { ip?: string } = {}) => h.call(method, path, body, { token: session.authenticated.token, ...init });

    it("updates name and birthdate; refuses junk", async () => {
      const res = await as("PATCH", "/profile/update", { name: "  Ольга Петрова-Сидорова ", birthdate: "1988-04-13" });
      expect(await data(res, User)).toMatchObject({ name: "Ольга Петрова-Сидорова", birthdate: "1988-04-13" });
      for (const body of [{ name: "" }, { name: "x".repeat(256) }, { birthdate: "13.04.1988" }, { birthdate: "1988-02-30" }, { name: ["a"] }, { name: "a\u2028b" }, { name: "a\u0000b" }, { birthdate: "2999-01-01" }, { birthdate: "1812-09-07" }]) {
        expect((await as("PATCH", "/profile/update", body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await as("PATCH", "/profile/update", { birthdate: null })).status).toBe(200);
      expect((await h.call("PATCH", "/profile/update", { name: "Чужой" })).status).toBe(401);
    });

    it("changes the password: the current one is required, other sessions end, this one continues", async () => {
      const other = keep(await data(await h.call("POST", "/auth/login", { email: "user@demo.ru", password: DEMO_PASSWORD }, { ip: freshIp() }), LoginResult));
      const missing = await as("POST", "/profile/change_password", { newPassword: "Novy2026pass" });
      expect(missing.status).toBe(400);
      expect((await json<ApiErrorBody>(missing)).errors[0]).toEqual({ field: "currentPassword", message: "Введите текущий пароль" });
      const wrong = await as("POST", "/profile/change_password", { currentPassword: "nope-nope", newPassword: "Novy2026pass" });
      expect((await json<ApiErrorBody>(wrong)).errors[0].field).toBe("currentPassword");
      expect((await as("POST", "/profile/change_password", { currentPassword: DEMO_PASSWORD, newPassword: "short" })).status).toBe(400);
      const ok = await as("POST", "/profile/change_password", { currentPassword: DEMO_PASSWORD, newPassword: "Novy2026pass" });
      expect(ok.status).toBe(200);
      const result = await data(ok, ChangePasswordResult);
      secrets.push(result.authenticated.token, result.authenticated.refreshToken, "Novy2026pass");
      expect((await h.call("POST", "/auth/refresh", { refreshToken: other.authenticated.refreshToken })).status).toBe(401);
      expect((await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken })).status).toBe(401);
      const renewed = await data(await h.call("POST", "/auth/refresh", { refreshToken: result.authenticated.refreshToken }), RefreshResult);
      session = { ...session, authenticated: renewed.authenticated };
      keep(session);
      // Put the demo password back for the other suites; that ends this session too, and the answer's pair continues it.
      const back = await as("POST", "/profile/change_password", { currentPassword: "Novy2026pass", newPassword: DEMO_PASSWORD });
      expect(back.status).toBe(200);
      session = { ...session, authenticated: (await data(back, ChangePasswordResult)).authenticated };
      keep(session);
      expect((await as("GET", "/profile")).status).toBe(200);
    });

    it("a phone-only account sets its first password without a current one", async () => {
      h.clock.advance(61_000);
      await h.call("POST", "/auth/sms/send", { phone: "+79117001030" });
      const phoneSession = keep(await data(await h.call("POST", "/auth/sms/login", { phone: "+79117001030", code: h.lastCode("+79117001030") }), LoginResult));
      const res = await h.call("POST", "/profile/change_password", { newPassword: "Pervy2026pass" }, { token: phoneSession.authenticated.token });
      expect(res.status).toBe(200);
      keep(await data(res, ChangePasswordResult));
    });

    it("sets a phone by code; a phone of another account is refused", async () => {
      h.clock.advance(61_000);
      const taken = await as("POST", "/profile/phone/set", { phone: "+7 921 555-01-04" });
      expect(taken.status).toBe(400);
      expect((await json<ApiErrorBody>(taken)).errors[0]).toEqual({ field: "phone", message: "Этот телефон уже привязан к другому аккаунту" });
      expect((await as("POST", "/profile/phone/confirm", { code: "123456" })).status).toBe(400);
      const sent = await as("POST", "/profile/phone/set", { phone: "8 (921) 555-77-88" });
      expect(sent.status).toBe(200);
      expect(h.smsLines[0]).toMatch(/^\[auth\] Код подтверждения телефона для \+79215557788: \d{6}$/);
      const code = h.lastCode("+79215557788");
      secrets.push(code);
      const wrong = code === "999999" ? "888888" : "999999";
      expect((await as("POST", "/profile/phone/confirm", { code: wrong })).status).toBe(400);
      // Another user cannot use this user's code.
      const [stranger] = await h.t.db.select().from(users).where(eq(users.email, "admin@demo.ru"));
      const strangerToken = await h.t.tokenFor({ id: stranger.id, roles: ["ROLE_ADMIN"] });
      expect((await h.call("POST", "/profile/phone/confirm", { code }, { token: strangerToken })).status).toBe(400);
      const ok = await as("POST", "/profile/phone/confirm", { code });
      expect(ok.status).toBe(200);
      expect(await data(ok, User)).toMatchObject({ phone: "+79215557788", phoneVerified: true });
      const [strangerAfter] = await h.t.db.select().from(users).where(eq(users.id, stranger.id));
      expect(strangerAfter.phone).toBe(stranger.phone);
    });

    it("the profile's phone confirmation counts wrong codes per phone with the login (issue 25)", async () => {
      const target = "+79215557799";
      const ip = freshIp();
      let status = 0;
      let wrongs = 0;
      for (let round = 0; round < 3 && status !== 429; round++) {
        h.clock.advance(61_000);
        expect((await as("POST", "/profile/phone/set", { phone: target }, { ip })).status).toBe(200);
        const wrong = h.lastCode(target) === "999999" ? "888888" : "999999";
        for (let i = 0; i < MAX_ATTEMPTS && status !== 429; i++) {
          status = (await as("POST", "/profile/phone/confirm", { code: wrong }, { ip })).status;
          if (status === 400) wrongs++;
        }
      }
      expect(status).toBe(429);
      expect(wrongs).toBe(7);
      // The same count stops a login by code for that phone from that IP.
      const login = await h.call("POST", "/auth/sms/login", { phone: target, code: "123456" }, { ip });
      expect(login.status).toBe(429);
      expect((await json<ApiErrorBody>(login)).message).toMatch(/^Слишком много неверных кодов для этого номера\. Попробуйте через \d+ минут/);
    });

    it("sets an e-mail by link; an address of another account is refused", async () => {
      const taken = await as("POST", "/profile/email/set", { email: "Admin@demo.ru" });
      expect(taken.status).toBe(400);
      expect((await json<ApiErrorBody>(taken)).errors[0]).toEqual({ field: "email", message: "Этот e-mail уже привязан к другому аккаунту" });
      h.letters.length = 0;
      expect((await as("POST", "/profile/email/set", { email: "olga.petrova@example.ru" })).status).toBe(200);
      expect(h.letters.map((l) => l.to)).toEqual(["olga.petrova@example.ru"]);
      const token = tokenIn(h.letters[0].text);
      secrets.push(token);
      // Unchanged until confirmed.
      expect((await data(await as("GET", "/profile"), User)).email).toBe("user@demo.ru");
      expect((await h.call("POST", "/profile/email/confirm", { token: "x".repeat(43) })).status).toBe(400);
      expect((await h.call("POST", "/profile/email/confirm", { token: "x".repeat(600) })).status).toBe(400);
      expect((await h.call("POST", "/profile/email/confirm", { token })).status).toBe(200);
      expect(await data(await as("GET", "/profile"), User)).toMatchObject({ email: "olga.petrova@example.ru", emailVerified: true, activated: true });
      // Back to the demo address for the other suites.
      h.clock.advance(61_000);
      await as("POST", "/profile/email/set", { email: "user@demo.ru" });
      expect((await h.call("POST", "/profile/email/confirm", { token: tokenIn(h.letters.at(-1)!.text) })).status).toBe(200);
    });

    it("takes an avatar picture as a 256×256 WebP; refuses other files and huge ones", async () => {
      const upload = (blob: Blob, name: string) => {
        const form = new FormData();
        form.set("avatar", blob, name);
        return h.t.fetch("/api/profile/change_avatar", { method: "POST", body: form, token: session.authenticated.token });
      };
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
      const res = await upload(new Blob([png], { type: "image/png" }), "photo.png");
      expect(res.status).toBe(200);
      const user = await data(res, User);
      expect(user.avatar).toMatch(/^\/api\/file\/[A-Za-z0-9_-]{32}$/);
      const served = await h.t.get(user.avatar!);
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
      // A second avatar replaces the first file.
      const second = await data(await upload(new Blob([png], { type: "image/png" }), "again.png"), User);
      expect((await h.t.get(user.avatar!)).status).toBe(404);
      expect((await h.t.db.select().from(files).where(eq(files.originalName, "avatar.webp"))).length).toBe(1);
      void second;
      const html = Buffer.from("<!doctype html><script>alert(1)</script>");
      for (const [blob, name] of [
        [new Blob([html], { type: "image/png" }), "x.png"],
        [new Blob([Buffer.from("%PDF-1.4\n%%EOF")], { type: "image/png" }), "x.png"],
        [new Blob([png.subarray(0, 200)], { type: "image/png" }), "cut.png"],
        [new Blob([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], { type: "image/svg+xml" }), "x.svg"],
        [new Blob([], { type: "image/png" }), "empty.png"],
      ] as const) {
        const bad = await upload(blob, name);
        expect(bad.status, name).toBe(400);
        expect((await json<ApiErrorBody>(bad)).errors[0].field).toBe("avatar");
      }
      const huge = await upload(new Blob([Buffer.alloc(6 * 1024 * 1024, 1)], { type: "image/png" }), "huge.png");
      expect(huge.status).toBe(413);
      expect((await json<ApiErrorBody>(huge)).message).toBe("Фото не больше 5 МБ");
      const anonymous = new FormData();
      anonymous.set("avatar", new Blob([png], { type: "image/png" }), "a.png");
      expect((await h.t.fetch("/api/profile/change_avatar", { method: "POST", body: anonymous })).status).toBe(401);
    });
  });

  it("never writes a password, token or code to the log but the one development code line", () => {
    expect(secrets.length).toBeGreaterThan(10);
    // The development code lines are there, as delivery notices (the log is really captured)…
    const isCodeLine = (i: number) => log.lines[i].delivery === "sms" && /^\[auth\] Код (входа|подтверждения телефона) для \+7\d{10}: \d{4,6}$/.test(log.lines[i].msg ?? "");
    expect(log.lines.filter((_, i) => isCodeLine(i)).length).toBeGreaterThanOrEqual(5);
    // …and nothing else carries a secret; no call failed with a logged 500 either.
    const rest = [...log.raw.filter((_, i) => !isCodeLine(i)), ...consoleLines].join("\n");
    for (const secret of new Set(secrets)) expect(rest.includes(secret), `secret ${secret.slice(0, 6)}… in the log`).toBe(false);
    expect(rest).not.toContain(DEMO_PASSWORD);
    expect(rest).not.toContain("[api]");
  });
});

describe.each(testBackends())("production on $name", (backend) => {
  let h: Harness;
  const lines: string[] = [];
  beforeAll(async () => {
    h = await openAuthHarness(backend, { appEnv: "production", sms: createSmsSender({ appEnv: "production", log: (l) => lines.push(l) }) });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("has no demo accounts", async () => {
    expect((await h.call("POST", "/auth/login", { email: "user@demo.ru", password: DEMO_PASSWORD })).status).toBe(401);
  });

  it("without an SMS provider answers 503 in Russian and logs no code", async () => {
    const res = await h.call("POST", "/auth/sms/send", { phone: "+79117001099" });
    expect(res.status).toBe(503);
    expect((await json<ApiErrorBody>(res)).message).toMatch(/SMS/);
    expect(lines).toEqual([]);
  });
});
