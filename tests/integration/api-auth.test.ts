/**
 * Authentication of the reference API (issue 19, ADR 033) on PGlite (and PostgreSQL with
 * TEST_DATABASE_URL): e-mail login (an unknown e-mail and a wrong password get one answer), the
 * demo accounts, refresh-token rotation and reuse detection (the family is revoked), logout,
 * forged / expired / malformed bearers, phone codes (expiry with an injected clock, 5 tries, one
 * code a minute), sign-up validation, brute force → 429 with Retry-After for the attacking IP only
 * (the owner elsewhere logs in), the password reset.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ApiErrorBody, LoginResult, RefreshResult, User } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { users, refreshTokens, verificationCodes } from "../../api/db/schema";
import { LOGIN_FAILURES } from "../../api/auth/limits";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts } from "../../api/auth/demo-accounts";
import { SignJWT } from "jose";
import { signAccessToken } from "../../api/auth/session";
import { createSessionKeys } from "../../api/auth/secret";
import { hashToken, REUSE_GRACE_S } from "../../api/auth/tokens";
import { testBackends } from "../../api/testing";
import { freshIp, json, openAuthHarness, type Harness } from "../support/auth-harness";


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
    expect(Math.abs(next.expiresAt.getTime() - Date.now() - 2678400 * 1000)).toBeLessThan(5000);

    // The old token again after the grace: someone kept a copy. 401, and the newer one dies with its family.
    h.clock.advance((REUSE_GRACE_S + 1) * 1000);
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
    h.clock.advance(2678400 * 1000 + 1000);
    try {
      expect((await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken })).status).toBe(401);
    } finally {
      h.clock.advance(-(2678400 * 1000 + 1000));
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
    const sid = (JSON.parse(Buffer.from(payload, "base64url").toString()) as { sid: string }).sid;
    const otherKey = await signAccessToken({ key: async () => new TextEncoder().encode("another-secret-another-secret-1234") }, { id: user.id, roles: ["ROLE_ADMIN"] }, sid);
    const keys = createSessionKeys(h.t.db);
    const expired = await signAccessToken({ key: () => keys.key(), now: () => Math.floor(Date.now() / 1000) - 3600 }, { id: user.id, roles: ["ROLE_USER"] }, sid);
    for (const token of [forged, otherKey, expired, "abc", "a.b.c", `${head}..`]) {
      const res = await h.call("GET", "/profile", undefined, { token });
      expect(res.status, token).toBe(401);
      ApiErrorBody.parse(await res.json());
    }
    expect((await h.call("GET", "/profile")).status).toBe(401);
    expect((await h.call("GET", "/profile", undefined, { headers: { Authorization: "Basic abc" } })).status).toBe(401);
  });

  it("a token signed with the key is refused without exp, iat, sub or sid, or when it claims to live longer than 15 minutes (issue 25)", async () => {
    const [user] = await h.t.db.select().from(users).where(eq(users.email, "user@demo.ru"));
    const good = await h.t.tokenFor({ id: user.id, roles: ["ROLE_USER"] });
    const sid = (JSON.parse(Buffer.from(good.split(".")[1], "base64url").toString()) as { sid: string }).sid;
    const key = await createSessionKeys(h.t.db).key();
    const now = Math.floor(Date.now() / 1000);
    /** A token as signAccessToken makes it, with `drop` left out and `extra` claims over it. */
    const sign = (drop: string | null, extra: Record<string, unknown> = {}) => {
      const claims: Record<string, unknown> = { roles: ["ROLE_USER"], sid, sub: String(user.id), iss: "tmg-reference-api", aud: "tmg-storefront", iat: now, exp: now + 900, ...extra };
      if (drop) delete claims[drop];
      return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
    };
    // The control: all claims present, the profile answers.
    expect((await h.call("GET", "/profile", undefined, { token: await sign(null) })).status).toBe(200);
    for (const drop of ["exp", "iat", "sub", "sid"]) {
      expect((await h.call("GET", "/profile", undefined, { token: await sign(drop) })).status, `without ${drop}`).toBe(401);
    }
    expect((await h.call("GET", "/profile", undefined, { token: await sign(null, { exp: now + 365 * 86400 }) })).status).toBe(200);
    // A year's `exp` does not make it live longer than an access token does.
    h.clock.advance(16 * 60 * 1000);
    try {
      expect((await h.call("GET", "/profile", undefined, { token: await sign(null, { exp: now + 365 * 86400 }) })).status).toBe(401);
    } finally {
      h.clock.advance(-16 * 60 * 1000);
    }
  });

  it("an access token stops working as soon as its session is revoked (logout), not 15 minutes later (issue 25)", async () => {
    const a = LoginResult.parse((await json<{ data: unknown }>(await login("user@demo.ru", DEMO_PASSWORD))).data);
    const b = LoginResult.parse((await json<{ data: unknown }>(await login("user@demo.ru", DEMO_PASSWORD))).data);
    expect((await h.call("GET", "/profile", undefined, { token: a.authenticated.token })).status).toBe(200);
    expect((await h.call("DELETE", "/auth/logout", { refreshToken: a.authenticated.refreshToken })).status).toBe(200);
    expect((await h.call("GET", "/profile", undefined, { token: a.authenticated.token })).status).toBe(401);
    // The other browser's session goes on.
    expect((await h.call("GET", "/profile", undefined, { token: b.authenticated.token })).status).toBe(200);
  });

  it("logout with only the refresh token (no bearer, or an expired one) revokes it (issue 25)", async () => {
    const a = LoginResult.parse((await json<{ data: unknown }>(await login("user@demo.ru", DEMO_PASSWORD))).data);
    expect((await h.call("DELETE", "/auth/logout", { refreshToken: a.authenticated.refreshToken })).status).toBe(200);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: a.authenticated.refreshToken })).status).toBe(401);

    const b = LoginResult.parse((await json<{ data: unknown }>(await login("user@demo.ru", DEMO_PASSWORD))).data);
    h.clock.advance(16 * 60 * 1000);
    try {
      expect((await h.call("GET", "/profile", undefined, { token: b.authenticated.token })).status).toBe(401);
      const out = await h.call("DELETE", "/auth/logout", { refreshToken: b.authenticated.refreshToken }, { token: b.authenticated.token });
      expect(out.status).toBe(200);
      expect((await h.call("POST", "/auth/refresh", { refreshToken: b.authenticated.refreshToken })).status).toBe(401);
    } finally {
      h.clock.advance(-16 * 60 * 1000);
    }
    // Nothing to revoke and nobody to name: still 401; a junk refresh token ends nothing and says so alike.
    expect((await h.call("DELETE", "/auth/logout", {})).status).toBe(401);
    expect((await h.call("DELETE", "/auth/logout", { refreshToken: "x".repeat(43) })).status).toBe(200);
  });

  it("5 failed logins lock the account for that IP only, with 429, Retry-After and minutes in Russian; the owner elsewhere logs in", async () => {
    // Issue 25 item 8: the lock used to be the account's, so anyone could lock the owner out.
    const attacker = freshIp();
    for (let i = 1; i < LOGIN_FAILURES; i++) expect((await login("admin@demo.ru", `wrong-${i}`, attacker)).status).toBe(401);
    const fifth = await login("admin@demo.ru", "wrong-5", attacker);
    expect(fifth.status).toBe(429);
    // Locked for the attacker even with the right password (a guess after the lock is worthless).
    const locked = await login("admin@demo.ru", DEMO_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    const retry = Number(locked.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    expect((await json<ApiErrorBody>(locked)).message).toMatch(/Попробуйте через 1[45] минут/);
    // The owner at their own IP is not locked out, and can fail a few times too.
    const owner = freshIp();
    expect((await login("admin@demo.ru", "typo", owner)).status).toBe(401);
    expect((await login("admin@demo.ru", DEMO_PASSWORD, owner)).status).toBe(200);
    // The attacker keeps knocking: still refused, and the owner still gets in.
    expect((await login("admin@demo.ru", "wrong-6", attacker)).status).toBe(429);
    expect((await login("admin@demo.ru", DEMO_PASSWORD, freshIp())).status).toBe(200);
    // An unknown address locks the same way (no enumeration through the lock).
    for (let i = 0; i < LOGIN_FAILURES; i++) await login("ghost@demo.ru", "wrong", attacker);
    expect((await login("ghost@demo.ru", "wrong", attacker)).status).toBe(429);
    expect((await login("ghost@demo.ru", "wrong", freshIp())).status).toBe(401);
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

  it("parallel refreshes of one browser (route preloads, tabs) all succeed within the grace", async () => {
    const session = LoginResult.parse((await json<{ data: unknown }>(await login("user@demo.ru", DEMO_PASSWORD))).data);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const pairs = await Promise.all(answers.map(async (r) => RefreshResult.parse((await json<{ data: unknown }>(r)).data)));
    // One successor for all of them (issue 25): a replay in the grace never forks a second chain.
    expect(new Set(pairs.map((p) => p.authenticated.refreshToken)).size).toBe(1);
    for (const pair of pairs) expect((await h.call("GET", "/profile", undefined, { token: pair.authenticated.token })).status).toBe(200);
    const successor = pairs[0].authenticated.refreshToken;
    expect((await h.call("POST", "/auth/refresh", { refreshToken: successor })).status).toBe(200);
    // After the grace the first token is reuse: the family (all of them) is revoked.
    h.clock.advance((REUSE_GRACE_S + 1) * 1000);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken })).status).toBe(401);
    const [row] = await h.t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(session.authenticated.refreshToken)));
    const family = await h.t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row.familyId));
    expect(family.length).toBe(3);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it("a rotated token replayed in the grace (a thief's copy) gets the owner's successor, so the next reuse is caught (issue 25)", async () => {
    const session = LoginResult.parse((await json<{ data: unknown }>(await login("user@demo.ru", DEMO_PASSWORD))).data);
    const owner = RefreshResult.parse((await json<{ data: unknown }>(await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken }))).data);
    h.clock.advance(5_000);
    const thief = RefreshResult.parse((await json<{ data: unknown }>(await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken }))).data);
    expect(thief.authenticated.refreshToken).toBe(owner.authenticated.refreshToken);
    // The owner goes on; the thief's copy of the same token, used after the grace, is reuse: both are out.
    const next = RefreshResult.parse((await json<{ data: unknown }>(await h.call("POST", "/auth/refresh", { refreshToken: owner.authenticated.refreshToken }))).data);
    h.clock.advance((REUSE_GRACE_S + 1) * 1000);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: thief.authenticated.refreshToken })).status).toBe(401);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: next.authenticated.refreshToken })).status).toBe(401);
    expect((await h.call("GET", "/profile", undefined, { token: next.authenticated.token })).status).toBe(401);
  });

  it("a revoked token gets no grace", async () => {
    const session = LoginResult.parse((await json<{ data: unknown }>(await login("user@demo.ru", DEMO_PASSWORD))).data);
    await h.call("DELETE", "/auth/logout", { refreshToken: session.authenticated.refreshToken }, { token: session.authenticated.token });
    expect((await h.call("POST", "/auth/refresh", { refreshToken: session.authenticated.refreshToken })).status).toBe(401);
  });

  it("answers junk, huge, missing and hostile input on every auth and profile write with a 4xx, never a 5xx", async () => {
    const [user] = await h.t.db.select().from(users).where(eq(users.email, "adminmanager@demo.ru"));
    const token = await h.t.tokenFor({ id: user.id, roles: ["ROLE_ADMIN_MANAGER"] });
    const writes: [string, string, boolean][] = [
      ["POST", "/auth/login", false],
      ["POST", "/auth/sms/send", false],
      ["POST", "/auth/sms/login", false],
      ["POST", "/auth/signup", false],
      ["POST", "/auth/refresh", false],
      ["POST", "/auth/reset-password", false],
      ["POST", "/auth/reset-password/abc", false],
      ["DELETE", "/auth/logout", true],
      ["PATCH", "/profile/update", true],
      ["POST", "/profile/change_password", true],
      ["POST", "/profile/phone/set", true],
      ["POST", "/profile/phone/confirm", true],
      ["POST", "/profile/email/set", true],
      ["POST", "/profile/email/confirm", false],
    ];
    const junk: unknown[] = [
      "{",
      "null",
      "[]",
      '"text"',
      "123",
      { email: "'; DROP TABLE users; --", password: { $gt: "" }, phone: "<script>alert(1)</script>", code: ["1234"] },
      { email: "a@b.ru".repeat(5000), password: "p".repeat(100_000), refreshToken: "r".repeat(100_000), token: "t".repeat(100_000) },
      { __proto__: { admin: true }, constructor: { prototype: { roles: ["ROLE_ADMIN"] } } },
      { name: null, birthdate: 19880412, newPassword: 12345678, currentPassword: null, email: "", phone: "" },
    ];
    for (const [method, path, auth] of writes) {
      for (const body of junk) {
        const res = await h.call(method, path, body, { token: auth ? token : undefined });
        expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 50)}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 50)}`).toBeLessThan(500);
        if (res.status >= 400) ApiErrorBody.parse(await res.json());
        else await res.body?.cancel();
      }
    }
    // Nothing of the hostile bodies stuck to the account.
    const [after] = await h.t.db.select().from(users).where(eq(users.id, user.id));
    expect(after.roles).toEqual(["ROLE_ADMIN_MANAGER"]);
    expect(after.email).toBe("adminmanager@demo.ru");
  });

  it("never stores a code in the clear", async () => {
    const rows = await h.t.db.select().from(verificationCodes);
    for (const row of rows) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
