/**
 * A returning visitor's dead session (issue 25, item 6) with a clock that moves: the real
 * reference API (PGlite, demo accounts), the real load context (server/load-context.ts: cookies, the
 * API client's 401 → refresh → retry) behind Express, and the real root, home, profile and search
 * loaders. Requests go over a socket with the cookies a browser would send; the answer says what
 * the loaders gave and which cookies came back.
 *
 * Covered here because only a moved clock shows them: an access token past its 15 minutes (with a
 * live refresh token: renewed; with a revoked one: a guest), a refresh token past its 31 days. The
 * built server's side (every page type, Chromium) is tests/e2e/dead-session.spec.ts. Also the
 * search history of item 10 through the real page loader: recorded for a search started on the
 * site, not for one another site opened.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AppContext } from "#app/lib/context.server.ts";
import { createContextFactory } from "#server/load-context.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { loader as rootLoader } from "#app/root.tsx";
import { loader as homeLoader } from "#app/routes/home.tsx";
import { loader as profileLoader } from "#app/routes/profile.tsx";
import { loader as searchLoader } from "#app/routes/search.tsx";
import { LoginResult, type SearchHistoryEntry } from "#contract/index.ts";
import { REUSE_GRACE_S } from "../../api/auth/tokens";
import { testBackends } from "../../api/testing";
import { json, openAuthHarness, type Harness } from "../support/auth-harness";

type Loader = (args: never) => unknown;
const PAGES: Record<string, Loader> = { "/": homeLoader as Loader, "/profile": profileLoader as Loader };

interface Answer {
  status: number;
  location: string | null;
  /** The root loader's user (null: a guest). */
  user: { id: number } | null;
  /** Set-Cookie name → value ("" when cleared). */
  cookies: Record<string, string>;
  page: unknown;
}

describe.each(testBackends())("a dead session on $name", (backend) => {
  let h: Harness;
  let server: Server;
  let origin = "";

  beforeAll(async () => {
    h = await openAuthHarness(backend);
    const api: Backend = {
      baseUrl: "http://reference.internal/api",
      fetch: (request) => Promise.resolve(h.t.api.fetch(request)),
      ping: async () => true,
      close: async () => {},
      onChange: (listener) => h.t.api.onChange(listener),
      describe: "test",
    };
    const factory = createContextFactory(parseEnv({ PAGE_CACHE: "off", API_CACHE_TTL: "0" }), api);
    const app = express();
    app.use(factory.resolveCity);
    app.get("/{*splat}", async (req, res) => {
      const context: AppContext = await factory(req, res);
      const url = new URL(req.originalUrl, `http://${req.host}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const args = { request: new Request(url, { headers }), url, params: {}, context } as never;
      const page = url.pathname.startsWith("/search/") ? (searchLoader as Loader) : PAGES[url.pathname];
      let status = 200;
      let location: string | null = null;
      let loaded: unknown = null;
      try {
        const [root, result] = await Promise.all([(rootLoader as Loader)(args) as Promise<{ user: { id: number } | null }>, page(args)]);
        loaded = { user: root.user, page: result };
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        status = thrown.status;
        location = thrown.headers.get("Location");
      }
      res.status(200).json({ status, location, ...(loaded as object) });
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await h?.close();
  });

  async function open(path: string, cookie: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(origin + path, { headers: { cookie, ...headers } });
    const body = (await res.json()) as Omit<Answer, "cookies">;
    const cookies: Record<string, string> = {};
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      cookies[pair.slice(0, eq)] = /max-age=0/i.test(line) ? "" : decodeURIComponent(pair.slice(eq + 1));
    }
    return { ...body, user: body.user ?? null, cookies };
  }

  const login = async () => (await json<{ data: unknown }>(await h.call("POST", "/auth/login", { email: "user@demo.ru", password: "demo12345" }))).data;
  const session = async () => LoginResult.parse(await login()).authenticated;
  const both = (t: { token: string; refreshToken: string }) => `token=${t.token}; refreshToken=${t.refreshToken}; managerId=3`;
  const clearedAll = (a: Answer) => expect({ token: a.cookies.token, refreshToken: a.cookies.refreshToken, managerId: a.cookies.managerId }).toEqual({ token: "", refreshToken: "", managerId: "" });

  it("an access token past its 15 minutes with a live refresh token: renewed, the page as logged in, new cookies", async () => {
    const tokens = await session();
    h.clock.advance(16 * 60 * 1000);
    const home = await open("/", both(tokens));
    expect(home.status).toBe(200);
    expect(home.user?.id).toBeGreaterThan(0);
    expect(home.cookies.token).toMatch(/^ey/);
    expect(home.cookies.token).not.toBe(tokens.token);
    expect(home.cookies.refreshToken).toHaveLength(43);
    expect(home.cookies.managerId).toBeUndefined();
    // The renewed pair is the session from now on.
    h.clock.advance((REUSE_GRACE_S + 1) * 1000);
    const next = await open("/profile", both({ token: home.cookies.token, refreshToken: home.cookies.refreshToken }));
    expect(next.status).toBe(200);
    expect([next.cookies.token, next.cookies.refreshToken]).toEqual([undefined, undefined]);
  });

  it("an access token past its 15 minutes of a session revoked meanwhile: the guest's page, the cookies cleared", async () => {
    const tokens = await session();
    expect((await h.call("DELETE", "/auth/logout", { refreshToken: tokens.refreshToken })).status).toBe(200);
    h.clock.advance(16 * 60 * 1000);
    const home = await open("/", both(tokens));
    expect(home.status).toBe(200);
    expect(home.user).toBeNull();
    expect(home.page).toMatchObject({ h1: expect.any(String) });
    clearedAll(home);
  });

  it("a revoked session is over at once, not 15 minutes later (logout on another device, a password reset)", async () => {
    const tokens = await session();
    expect((await open("/", both(tokens))).user).not.toBeNull();
    expect((await h.call("DELETE", "/auth/logout", { refreshToken: tokens.refreshToken })).status).toBe(200);
    const home = await open("/", both(tokens));
    expect(home.status).toBe(200);
    expect(home.user).toBeNull();
    clearedAll(home);
  });

  it("a refresh token past its 31 days: the guest's page, the cookies cleared; an account page goes to the login", async () => {
    const tokens = await session();
    h.clock.advance(32 * 24 * 3600 * 1000);
    const home = await open("/", both(tokens));
    expect(home).toMatchObject({ status: 200, user: null });
    clearedAll(home);
    const profile = await open("/profile", both(tokens));
    expect(profile).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fprofile" });
    clearedAll(profile);
  });

  it("a cookie that is no token, with or without a refresh token: the guest's page, the cookies cleared", async () => {
    for (const cookie of ["token=abc", "token=abc; refreshToken=def", "refreshToken=def", "token=%D0%BA"]) {
      const home = await open("/", cookie);
      expect(home, cookie).toMatchObject({ status: 200, user: null });
      expect(home.cookies.token, cookie).toBe("");
      expect(home.cookies.refreshToken, cookie).toBe("");
    }
  });

  it("item 10: a search another site opened is not recorded in the logged-in visitor's history; one started here is", async () => {
    const tokens = await session();
    const cookie = both(tokens);
    const history = async () => {
      const res = await h.call("GET", "/search/history", undefined, { token: tokens.token });
      return ((await json<{ data: SearchHistoryEntry[] }>(res)).data ?? []).map((e) => e.text);
    };
    const search = (text: string, headers: Record<string, string>) => open(`/search/text=${encodeURIComponent(text)}`, cookie, headers);

    expect((await search("спам раз", { "Sec-Fetch-Site": "cross-site" })).page).toMatchObject({ recordHistory: false });
    expect(await search("спам два", {})).toMatchObject({ status: 200 });
    expect(await search("спам три", { Referer: "https://spam.example/" })).toMatchObject({ status: 200 });
    expect(await history()).not.toEqual(expect.arrayContaining([expect.stringMatching(/спам/)]));

    expect((await search("ручка", { "Sec-Fetch-Site": "same-origin" })).page).toMatchObject({ recordHistory: true });
    await search("кружка", { "Sec-Fetch-Site": "none" });
    await search("блокнот", { Referer: `${origin}/catalog` });
    expect((await history()).slice(0, 3)).toEqual(["блокнот", "кружка", "ручка"]);
  });
});
