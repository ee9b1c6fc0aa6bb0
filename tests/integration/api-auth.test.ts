/**
 * Authentication of the reference API (issue 19, ADR 033) on PGlite (and PostgreSQL with
 * TEST_DATABASE_URL): e-mail login (an unknown e-mail and a wrong password get one answer), the
 * demo accounts, refresh-token rotation and reuse detection (the family is revoked), logout,
 * forged / expired / malformed bearers, phone codes (expiry with an injected clock, 5 tries, one
 * code a minute), sign-up validation, brute force → 429 with Retry-After, the password reset.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ApiErrorBody, LoginResult, RefreshResult, User } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { users, refreshTokens, verificationCodes } from "../../api/db/schema";
import { createMailer, type MailMessage } from "../../api/mail/mailer";
import { createAuthLimits, LOGIN_FAILURES } from "../../api/auth/limits";
import { createSmsSender } from "../../api/auth/sms";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts } from "../../api/auth/demo-accounts";
import { signAccessToken } from "../../api/auth/session";
import { createSessionKeys } from "../../api/auth/secret";
import { hashToken } from "../../api/auth/tokens";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

interface Harness {
  t: TestApi;
  letters: MailMessage[];
  smsLines: string[];
  clock: { ms: number };
  call(method: string, path: string, body?: unknown, init?: { token?: string; ip?: string; headers?: Record<string, string> }): Promise<Response>;
  lastCode(phone: string): string;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A fresh client IP per test group, so the per-IP limit (30 a minute) does not mix suites. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function openAuthHarness(backend: Parameters<typeof openTestApi>[0], options: { appEnv?: string } = {}): Promise<Harness> {
  const letters: MailMessage[] = [];
  const smsLines: string[] = [];
  const clock = { ms: Date.parse("2026-11-20T10:00:00Z") };
  const t = await openTestApi(backend, {
    groups: 10,
    appEnv: options.appEnv,
    demoAccounts: options.appEnv !== "production",
    mailer: createMailer({ transport: { describe: "memory", deliver: async (m) => void letters.push(m) }, logError: () => {} }),
    sms: createSmsSender({ appEnv: options.appEnv ?? "test", log: (line) => smsLines.push(line) }),
    authLimits: createAuthLimits({ prefix: `t${Date.now()}${Math.random()}` }),
    now: () => new Date(clock.ms),
  });
  const ip = freshIp();
  return {
    t,
    letters,
    smsLines,
    clock,
    call: (method, path, body, init = {}) =>
      t.fetch(`/api${path}`, {
        method,
        token: init.token,
        headers: { "Content-Type": "application/json", "X-Client-IP": init.ip ?? ip, ...init.headers },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
    lastCode(phone) {
      const line = [...smsLines].reverse().find((l) => l.includes(phone));
      const code = line?.match(/: (\d{4,6})/)?.[1];
      if (!code) throw new Error(`no code for ${phone} in ${JSON.stringify(smsLines)}`);
      return code;
    },
    close: () => t.close(),
  };
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

describe.each(testBackends())("auth on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openAuthHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  const login = (email: string, password: string, ip?: string) => h.call("POST", "/auth/login", { email, password }, { ip });

  it("creates the five demo accounts, idempotently, with the demo customer's manager", async () => {
    const ids = await ensureDemoAccounts(h.t.db);
    expect(Object.keys(ids).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const again = await ensureDemoAccounts(h.t.db);
    expect(again).toEqual(ids);
    const rows = await h.t.db.select().from(users).where(sql`${users.email} LIKE '%@demo.ru'`);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.activated && row.phoneVerified && row.emailVerified).toBe(true);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    }
    expect(rows.find((r) => r.email === "user@demo.ru")!.managerId).toBe(ids["manager@demo.ru"]);
  });

  it("logs every demo account in by e-mail with its role", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await login(account.email.toUpperCase(), DEMO_PASSWORD);
      expect(res.status, account.email).toBe(200);
      const session = LoginResult.parse((await json<{ data: unknown }>(res)).data);
      expect(session.data.roles, account.email).toEqual([account.role]);
      expect(session.data.name).toBe(account.name);
      expect(session.data.phoneVerified && session.data.activated).toBe(true);
    }
    const res = await login("user@demo.ru", DEMO_PASSWORD);
    const body = LoginResult.parse((await json<{ data: unknown }>(res)).data);
    expect(body.data.roles).toEqual(["ROLE_USER"]);
    expect(body.data.manager?.name).toBe("Игорь Лебедев");
    expect(body.authenticated.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const profile = await h.call("GET", "/profile", undefined, { token: body.authenticated.token });
    expect(profile.status).toBe(200);
    expect(User.parse((await json<{ data: unknown }>(profile)).data).email).toBe("user@demo.ru");
  });

  it("answers an unknown e-mail and a wrong password alike", async () => {
    const ip = freshIp();
    const wrong = await login("chief@demo.ru", "not-the-password", ip);
    const unknown = await login("nobody@demo.ru", "not-the-password", ip);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("stores only the refresh token's hash; rotation issues a new one, reuse revokes the family", async () => {
    const first = LoginResult.parse((await json<{ data: unknown }>(await login("admin@demo.ru", DEMO_PASSWORD))).data);
    const stored = await h.t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(first.authenticated.refreshToken)));
    expect(stored).toHaveLength(1);
    const all = await queryRows<{ token_hash: string }>(h.t.db, sql`SELECT token_hash FROM refresh_tokens`);
    expect(all.some((r) => r.token_hash === first.authenticated.refreshToken)).toBe(false);

    const r1 = await h.call("POST", "/auth/refresh", { refreshToken: first.authenticated.refreshToken });
    expect(r1.status).toBe(200);
    const second = RefreshResult.parse((await json<{ data: unknown }>(r1)).data);
    expect(second.authenticated.refreshToken).not.toBe(first.authenticated.refreshToken);
    const [next] = await h.t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(second.authenticated.refreshToken)));
    expect(next.familyId).toBe(stored[0].familyId);
    expect(next.expiresAt.getTime() - h.clock.ms).toBe(2678400 * 1000);

    // The old token again: someone kept a copy. 401, and the newer one dies with its family.
    const reuse = await h.call("POST", "/auth/refresh", { refreshToken: first.authenticated.refreshToken });
    expect(reuse.status).toBe(401);
    const afterReuse = await h.call("POST", "/auth/refresh", { refreshToken: second.authenticated.refreshToken });
    expect(afterReuse.status).toBe(401);
    const family = await h.t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, stored[0].familyId));
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it("refuses unknown, expired and junk refresh tokens with 401 or 400, never 5xx", async () => {
    expect((await h.call("POST", "/auth/refresh", { refreshToken: "x".repeat(43) })).status).toBe(401);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: "x".repeat(5000) })).status).toBe(400);
    expect((await h.call("POST", "/auth/refresh", {})).status).toBe(400);
    expect((await h.call("POST", "/auth/refresh", "{not json")).status).toBe(400);
    const session = LoginResult.parse((await json<{ data: unknown }>(await login("manager@demo.ru", DEMO_PASSWORD))).data);
    h.clock.ms += 2678400 * 1000 + 1000;
    try {
      expect((await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken })).status).toBe(401);
    } finally {
      h.clock.ms -= 2678400 * 1000 + 1000;
    }
  });

  it("reloads the roles on refresh", async () => {
    const session = LoginResult.parse((await json<{ data: unknown }>(await login("chief@demo.ru", DEMO_PASSWORD))).data);
    await h.t.db.update(users).set({ roles: ["ROLE_ADMIN"] }).where(eq(users.email, "chief@demo.ru"));
    try {
      const res = await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken });
      const fresh = RefreshResult.parse((await json<{ data: unknown }>(res)).data);
      const profile = User.parse((await json<{ data: unknown }>(await h.call("GET", "/profile", undefined, { token: fresh.authenticated.token }))).data);
      expect(profile.roles).toEqual(["ROLE_ADMIN"]);
      const payload = JSON.parse(Buffer.from(fresh.authenticated.token.split(".")[1], "base64url").toString()) as { roles: string[] };
      expect(payload.roles).toEqual(["ROLE_ADMIN"]);
    } finally {
      await h.t.db.update(users).set({ roles: ["ROLE_SALES_CHIEF"] }).where(eq(users.email, "chief@demo.ru"));
    }
  });

  it("logout revokes the session's refresh tokens", async () => {
    const a = LoginResult.parse((await json<{ data: unknown }>(await login("adminmanager@demo.ru", DEMO_PASSWORD))).data);
    const b = LoginResult.parse((await json<{ data: unknown }>(await login("adminmanager@demo.ru", DEMO_PASSWORD))).data);
    const out = await h.call("DELETE", "/auth/logout", { refreshToken: a.authenticated.refreshToken }, { token: a.authenticated.token });
    expect(out.status).toBe(200);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: a.authenticated.refreshToken })).status).toBe(401);
    // Another browser's session of the same user goes on.
    expect((await h.call("POST", "/auth/refresh", { refreshToken: b.authenticated.refreshToken })).status).toBe(200);
    // Without a refresh token every session of the user ends.
    const c = LoginResult.parse((await json<{ data: unknown }>(await login("adminmanager@demo.ru", DEMO_PASSWORD))).data);
    expect((await h.call("DELETE", "/auth/logout", undefined, { token: c.authenticated.token })).status).toBe(200);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: c.authenticated.refreshToken })).status).toBe(401);
    // Anonymous logout without a token: 401.
    expect((await h.call("DELETE", "/auth/logout")).status).toBe(401);
  });

  it("a forged, expired or malformed bearer is a 401", async () => {
    const [user] = await h.t.db.select().from(users).where(eq(users.email, "user@demo.ru"));
    const good = await h.t.tokenFor({ id: user.id, roles: ["ROLE_USER"] });
    expect((await h.call("GET", "/profile", undefined, { token: good })).status).toBe(200);
    const [head, payload] = good.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), roles: ["ROLE_ADMIN"] })).toString("base64url");
    const forged = `${head}.${forgedPayload}.${good.split(".")[2]}`;
    const otherKey = await signAccessToken({ key: async () => new TextEncoder().encode("another-secret-another-secret-1234") }, { id: user.id, roles: ["ROLE_ADMIN"] });
    const keys = createSessionKeys(h.t.db);
    const expired = await signAccessToken({ key: () => keys.key(), now: () => Math.floor(Date.now() / 1000) - 3600 }, { id: user.id, roles: ["ROLE_USER"] });
    for (const token of [forged, otherKey, expired, "abc", "a.b.c", `${head}..`]) {
      const res = await h.call("GET", "/profile", undefined, { token });
      expect(res.status, token).toBe(401);
      ApiErrorBody.parse(await res.json());
    }
    expect((await h.call("GET", "/profile")).status).toBe(401);
    expect((await h.call("GET", "/profile", undefined, { headers: { Authorization: "Basic abc" } })).status).toBe(401);
  });

  it("locks an account after 5 failed logins with 429, Retry-After and minutes in Russian", async () => {
    const ips = () => freshIp();
    for (let i = 1; i < LOGIN_FAILURES; i++) expect((await login("admin@demo.ru", `wrong-${i}`, ips())).status).toBe(401);
    const fifth = await login("admin@demo.ru", "wrong-5", ips());
    expect(fifth.status).toBe(429);
    const locked = await login("admin@demo.ru", DEMO_PASSWORD, ips());
    expect(locked.status).toBe(429);
    const retry = Number(locked.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    expect((await json<ApiErrorBody>(locked)).message).toMatch(/Попробуйте через 1[45] минут/);
    // An unknown address locks the same way (no enumeration through the lock).
    for (let i = 0; i < LOGIN_FAILURES; i++) await login("ghost@demo.ru", "wrong", ips());
    expect((await login("ghost@demo.ru", "wrong", ips())).status).toBe(429);
  });

  it("limits auth calls to 30 a minute per IP", async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await h.call("POST", "/auth/reset-password", { email: `nobody${i}@example.ru` }, { ip })).status);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    const res = await h.call("POST", "/auth/login", { email: "user@demo.ru", password: DEMO_PASSWORD }, { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another IP is not affected.
    expect((await login("user@demo.ru", DEMO_PASSWORD, freshIp())).status).toBe(200);
  });

  it("never stores a code in the clear", async () => {
    const rows = await h.t.db.select().from(verificationCodes);
    for (const row of rows) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
