/**
 * Accounts around the API (issue 19, ADR 033): demo accounts at start everywhere but production;
 * the client IP header (the storefront's client sends it, the /api listener overwrites a forged
 * one); the auth limits in Redis (with TEST_REDIS_URL) shared by instances, and in process when
 * Redis is unreachable.
 */
import { afterAll, describe, expect, it } from "vitest";
import express from "express";
import { Hono } from "hono";
import { getRequestListener } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { CLIENT_IP_HEADER, endpoints } from "../../contract/index";
import { MEMORY, startReferenceApi, type ReferenceApi } from "../../api/index";
import { DEMO_PASSWORD } from "../../api/auth/demo-accounts";
import { createAuthLimits, RateLimited, LOGIN_FAILURES } from "../../api/auth/limits";
import { setClientIpHeader } from "#server/api-listener.ts";
import { bodyLimit, MiB, UPLOAD_RULES } from "../../server/body-limit";
import { AVATAR_BODY_LIMIT } from "../../contract/index";
import { createApiClient } from "../../app/lib/api-client.server";
import { parseEnv } from "../../app/lib/env.server";
import { captureLog } from "#tests/support/log-capture.ts";

const login = (api: ReferenceApi, email: string) =>
  api.fetch(
    new Request("http://x/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", [CLIENT_IP_HEADER]: "10.9.9.9" },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }),
  );

describe("demo accounts at start", { timeout: 180_000 }, () => {
  const apis: ReferenceApi[] = [];
  afterAll(async () => {
    for (const api of apis) await api.close();
  });

  it("are created outside production", async () => {
    const api = await startReferenceApi({ dataDir: MEMORY, ownProcess: false, seedGroups: 5, appEnv: "demo" });
    apis.push(api);
    for (const email of ["user@demo.ru", "manager@demo.ru", "chief@demo.ru", "admin@demo.ru", "adminmanager@demo.ru"]) {
      expect((await login(api, email)).status, email).toBe(200);
    }
  });

  it("are never created with APP_ENV=production", async () => {
    const api = await startReferenceApi({ dataDir: MEMORY, ownProcess: false, seedGroups: 5, appEnv: "production" });
    apis.push(api);
    for (const email of ["user@demo.ru", "admin@demo.ru"]) expect((await login(api, email)).status, email).toBe(401);
  });
});

describe("plain `npm start` (issue 25, item 20)", { timeout: 180_000 }, () => {
  /** What the API of `npm start` logs for a sign-up (its confirmation letter), `source` being the process's environment. */
  async function signupLetterLogged(source: NodeJS.ProcessEnv): Promise<string> {
    const saved = { NODE_ENV: process.env.NODE_ENV, APP_ENV: process.env.APP_ENV };
    // scripts/start.mjs sets NODE_ENV=production for every run; APP_ENV is what the operator set.
    process.env.NODE_ENV = source.NODE_ENV;
    if (source.APP_ENV === undefined) delete process.env.APP_ENV;
    else process.env.APP_ENV = source.APP_ENV;
    const log = captureLog();
    let api: ReferenceApi | null = null;
    try {
      const env = parseEnv({ ...source, AUTH_SECRET: "s".repeat(40) });
      // The options app/lib/backend.server.ts passes from the parsed environment.
      api = await startReferenceApi({ dataDir: MEMORY, ownProcess: false, seedGroups: 5, appEnv: env.APP_ENV, authSecret: env.AUTH_SECRET, smtpUrl: env.SMTP_URL });
      const res = await api.fetch(
        new Request("http://x/api/auth/signup", {
          method: "POST",
          headers: { "Content-Type": "application/json", [CLIENT_IP_HEADER]: "10.9.9.8", "X-Site-Origin": "http://localhost:3000" },
          body: JSON.stringify({ email: "anna.orlova@example.ru", password: "s3cret-pass", name: "Анна Орлова", agreement: true }),
        }),
      );
      expect(res.status).toBe(200);
      return log.lines.filter((line) => line.delivery === "mail").map((line) => line.msg).join("\n");
    } finally {
      log.restore();
      await api?.close();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }

  it("is the demo the README describes: the letter with its recipient and link in the log", async () => {
    const log = await signupLetterLogged({ NODE_ENV: "production" });
    expect(log).toContain("To: anna.orlova@example.ru");
    expect(log).toMatch(/http:\/\/localhost:3000\/email\/confirm\?token=[\w-]{20,}/);
  });

  it("hides the recipient only with APP_ENV=production", async () => {
    const log = await signupLetterLogged({ NODE_ENV: "production", APP_ENV: "production" });
    expect(log).toContain("[mail]");
    expect(log).not.toContain("anna.orlova@example.ru");
  });
});

describe("the client IP header", () => {
  it("is overwritten with the caller's address on the /api listener", async () => {
    const echo = new Hono().get("/api/ip", (c) => c.text(c.req.header(CLIENT_IP_HEADER) ?? "none"));
    const listen = getRequestListener(echo.fetch);
    const app = express();
    app.use((req, res) => {
      setClientIpHeader(req);
      void listen(req, res);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const forged = await fetch(`http://127.0.0.1:${port}/api/ip`, { headers: { [CLIENT_IP_HEADER]: "1.2.3.4", "x-client-ip": "5.6.7.8" } });
      expect(await forged.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      const plain = await fetch(`http://127.0.0.1:${port}/api/ip`);
      expect(await plain.text()).toMatch(/127\.0\.0\.1$/);
    } finally {
      server.close();
    }
  });

  it("is sent by the storefront's API client with every call", async () => {
    const seen: (string | null)[] = [];
    const client = createApiClient({
      baseUrl: "http://api.internal/api",
      defaultTimeoutMs: 1000,
      headers: { [CLIENT_IP_HEADER]: "203.0.113.7" },
      fetch: async (request) => {
        seen.push(request.headers.get(CLIENT_IP_HEADER));
        return Response.json({ message: "Неверный e-mail или пароль", errors: [] }, { status: 401 });
      },
    });
    await client.call(endpoints.authLogin, { body: { email: "a@b.ru", password: "x" } });
    await client.call(endpoints.cityList);
    expect(seen).toEqual(["203.0.113.7", "203.0.113.7"]);
  });
});

describe("the storefront's body limit of the avatar route", () => {
  it("lets a 5 MB picture through to the API and refuses more with the Russian message", async () => {
    const app = express();
    app.use(bodyLimit({ limit: 1 * MiB, paths: UPLOAD_RULES }));
    app.post("/api/profile/change_avatar", (_req, res) => {
      res.status(200).end("read");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const post = (bytes: number) => fetch(`http://127.0.0.1:${port}/api/profile/change_avatar`, { method: "POST", body: Buffer.alloc(bytes) });
      expect((await post(AVATAR_BODY_LIMIT)).status).toBe(200);
      const big = await post(AVATAR_BODY_LIMIT + 1);
      expect(big.status).toBe(413);
      expect(await big.text()).toContain("Фото не больше 5 МБ");
    } finally {
      server.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("auth limits in Redis", () => {
  const prefix = `test-auth-${process.pid}-${Date.now()}`;
  const a = createAuthLimits({ redisUrl, prefix });
  const b = createAuthLimits({ redisUrl, prefix });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("share one count between instances", async () => {
    await a.codeSend("+79110000001");
    const refused = await b.codeSend("+79110000001").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).retryAfterS).toBeGreaterThan(50);
    const ip = "203.0.113.5";
    for (let i = 0; i < LOGIN_FAILURES - 1; i++) await (i % 2 ? a : b).loginFailed("victim@example.ru", ip);
    await expect(a.loginFailed("victim@example.ru", ip)).rejects.toBeInstanceOf(RateLimited);
    await expect(b.loginAllowed("victim@example.ru", ip)).rejects.toBeInstanceOf(RateLimited);
    // The owner elsewhere is not locked out by that IP's failures.
    await expect(b.loginAllowed("victim@example.ru", "198.51.100.7")).resolves.toBeUndefined();
    await b.loginSucceeded("victim@example.ru", ip);
    await expect(a.loginAllowed("victim@example.ru", ip)).resolves.toBeUndefined();
  });
});

describe("auth limits with Redis unreachable", () => {
  const limits = createAuthLimits({ redisUrl: "redis://127.0.0.1:1", prefix: `down-${Date.now()}`, logError: () => {} });
  afterAll(async () => {
    await limits.close();
  });

  it("still limit, in process", async () => {
    await limits.codeSend("+79110000002");
    await expect(limits.codeSend("+79110000002")).rejects.toBeInstanceOf(RateLimited);
  });
});
