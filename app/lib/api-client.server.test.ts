/**
 * The server-side API client policies (§7–§9), proven against MSW with the real fetch.
 */
import { describe, expect, it, vi } from "vitest";
import { http, HttpResponse, delay } from "msw";
import { z } from "zod";
import { emptyPaged, endpoint, paged, type Paged } from "#contract/endpoint.ts";
import { contentEndpoints, type City } from "#contract/content.ts";
import { endpoints } from "#contract/index.ts";
import {
  bearerToken,
  createApiClient,
  DEFAULT_ERROR_MESSAGE,
  mapError,
  NO_RESPONSE_MESSAGE,
  RETRY_STATUSES,
  timeoutFor,
  toSearchParams,
  type ApiClientOptions,
  type AuthTokens,
} from "./api-client.server.ts";
import { createSharedCache } from "./cache.server.ts";
import { API_BASE, realFetch, server, installMswServer } from "#tests/mocks/server.ts";
import { authenticated, failure, refreshEndpoint, scripted, snapshot, success, type SeenRequest } from "#tests/mocks/api-handlers.ts";

installMswServer();

const Item = z.object({ id: z.number(), title: z.string() });
const ITEM = { id: 7, title: "Кружка" };

/** Endpoints of every shape the client has to handle. */
const ep = {
  item: endpoint({
    id: "test.item",
    method: "GET",
    path: "/item/{id}",
    tag: "test",
    summary: "",
    timeout: "default",
    params: z.object({ id: z.union([z.string(), z.number()]) }),
    response: Item,
  }),
  read: endpoint({ id: "test.read", method: "GET", path: "/read", tag: "test", summary: "", timeout: "default", response: Item }),
  productList: endpoint({
    id: "test.productList",
    method: "GET",
    path: "/product/list",
    tag: "test",
    summary: "",
    timeout: "catalog",
    query: z.object({
      page: z.number().optional(),
      groupIds: z.array(z.number()).optional(),
      text: z.string().optional(),
      sort: z.string().nullish(),
    }),
    response: paged(Item),
  }),
  create: endpoint({
    id: "test.create",
    method: "POST",
    path: "/thing/create",
    tag: "test",
    summary: "",
    timeout: "default",
    body: z.object({ title: z.string(), count: z.number() }),
    response: Item,
  }),
  put: endpoint({ id: "test.put", method: "PUT", path: "/thing", tag: "test", summary: "", timeout: "default", body: z.object({ text: z.string() }), response: Item }),
  patch: endpoint({ id: "test.patch", method: "PATCH", path: "/thing", tag: "test", summary: "", timeout: "default", body: z.object({ text: z.string() }), response: Item }),
  delete: endpoint({
    id: "test.delete",
    method: "DELETE",
    path: "/thing",
    tag: "test",
    summary: "",
    timeout: "default",
    body: z.object({ imagesIds: z.array(z.number()) }),
    response: Item,
  }),
  upload: endpoint({
    id: "test.upload",
    method: "POST",
    path: "/profile/legal/create",
    tag: "test",
    summary: "",
    timeout: "default",
    bodyKind: "form",
    body: z.object({ name: z.string(), inn: z.number(), file: z.instanceof(Blob).optional(), note: z.string().optional() }),
    response: Item,
  }),
  login: endpoint({
    id: "test.login",
    method: "POST",
    path: "/auth/login",
    tag: "test",
    summary: "",
    timeout: "default",
    body: z.object({ email: z.string(), password: z.string() }),
    response: z.unknown(),
  }),
};

function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: API_BASE, fetch: realFetch, defaultTimeoutMs: 2_000, ...overrides });
}

const WRITES = [
  ["POST", () => client().call(ep.create, { body: { title: "a", count: 1 } }), "post", "/thing/create"],
  ["PUT", () => client().call(ep.put, { body: { text: "a" } }), "put", "/thing"],
  ["PATCH", () => client().call(ep.patch, { body: { text: "a" } }), "patch", "/thing"],
  ["DELETE", () => client().call(ep.delete, { body: { imagesIds: [1] } }), "delete", "/thing"],
] as const;

describe("base path and bearer token", () => {
  it("calls below /api with Accept: application/json and unwraps `data`", async () => {
    const cities: City[] = [{ id: 1, title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу", domainPrefix: null }];
    const route = scripted("get", "/city/", [200], cities);
    server.use(route.handler);

    const result = await client().call(contentEndpoints.cityList);

    expect(result).toEqual({ ok: true, data: cities, status: 200 });
    expect(route.calls).toHaveLength(1);
    expect(route.calls[0].href).toBe("http://api.test/api/city/");
    expect(route.calls[0].accept).toBe("application/json");
  });

  it("tolerates a trailing slash on the base URL", async () => {
    const route = scripted("get", "/read", [200], ITEM);
    server.use(route.handler);
    await client({ baseUrl: `${API_BASE}/` }).call(ep.read);
    expect(route.calls[0].href).toBe("http://api.test/api/read");
  });

  it("sends `Authorization: Bearer <token>` when a token is set", async () => {
    const route = scripted("get", "/read", [200], ITEM);
    server.use(route.handler);
    await client({ tokens: { token: "tok-1", refreshToken: "ref-1" } }).call(ep.read);
    expect(route.calls[0].authorization).toBe("Bearer tok-1");
  });

  it.each([
    ["no tokens", null],
    ["undefined tokens", undefined],
    ["only a refresh token", { refreshToken: "ref-1" }],
    ["an empty token", { token: "", refreshToken: "ref-1" }],
  ])("sends no Authorization header with %s", async (_, tokens) => {
    const route = scripted("get", "/read", [200], ITEM);
    server.use(route.handler);
    await client({ tokens }).call(ep.read);
    expect(route.calls[0].authorization).toBeNull();
  });
});

describe("an unusable token cookie is no token (issue 16: `token=%D0%BA` was a 500 on every page)", () => {
  it.each([
    ["Cyrillic", "к"],
    ["a space", "a b"],
    ["a newline", "a\nb"],
    ["a lone surrogate", "\uD800"],
    ["Latin-1", "é"],
  ])("a token with %s: the call goes without Authorization", async (_, token) => {
    const route = scripted("get", "/read", [200], ITEM);
    server.use(route.handler);
    const result = await client({ tokens: { token, refreshToken: token } }).call(ep.read);
    expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(route.calls[0].authorization).toBeNull();
  });

  it("bearerToken keeps RFC 6750 tokens only", () => {
    expect(bearerToken("eyJhbGciOi.J9-_~+/x==")).toBe("eyJhbGciOi.J9-_~+/x==");
    for (const bad of ["", "к", "a b", "a=b", "a\u0000", undefined, null, "x".repeat(9000)]) expect(bearerToken(bad), String(bad)).toBeUndefined();
  });

  it("a request the runtime refuses is no answer (§8 'Ошибка'), not a throw", async () => {
    const api = createApiClient({ baseUrl: API_BASE, fetch: () => Promise.reject(new TypeError("refused")), defaultTimeoutMs: 1000 });
    const result = await api.call(ep.read);
    expect(result).toEqual({ ok: false, error: { message: NO_RESPONSE_MESSAGE, status: 0, errors: {} } });
  });
});

describe("retries (§7)", () => {
  it("retries exactly on 408, 409, 425, 429, 500, 502, 503, 504", () => {
    expect([...RETRY_STATUSES].sort((a, b) => a - b)).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a GET once after %i and returns the second answer", async (status) => {
    const route = scripted("get", "/read", [status, 200], ITEM);
    server.use(route.handler);
    const result = await client({ tokens: { token: "tok-1", refreshToken: "ref-1" } }).call(ep.read);
    expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(route.calls).toHaveLength(2);
    // The retry is the same request: same URL, same token.
    expect(route.calls[1].href).toBe(route.calls[0].href);
    expect(route.calls[1].authorization).toBe("Bearer tok-1");
  });

  it("retries a GET once after a network failure", async () => {
    const route = scripted("get", "/read", ["network", 200], ITEM);
    server.use(route.handler);
    const result = await client().call(ep.read);
    expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(route.calls).toHaveLength(2);
  });

  it("makes at most two attempts when the status stays transient", async () => {
    const route = scripted("get", "/read", [503]);
    server.use(route.handler);
    const result = await client().call(ep.read);
    expect(result).toEqual({ ok: false, error: { message: DEFAULT_ERROR_MESSAGE, status: 503, errors: {} } });
    expect(route.calls).toHaveLength(2);
  });

  it("makes at most two attempts when the network stays down", async () => {
    const route = scripted("get", "/read", ["network"]);
    server.use(route.handler);
    const result = await client().call(ep.read);
    expect(result).toEqual({ ok: false, error: { message: NO_RESPONSE_MESSAGE, status: 0, errors: {} } });
    expect(route.calls).toHaveLength(2);
  });

  it("a transient status then a network failure still stops after two attempts", async () => {
    const route = scripted("get", "/read", [502, "network", 200], ITEM);
    server.use(route.handler);
    const result = await client().call(ep.read);
    expect(result).toEqual({ ok: false, error: { message: NO_RESPONSE_MESSAGE, status: 0, errors: {} } });
    expect(route.calls).toHaveLength(2);
  });

  it.each([400, 403, 404, 410, 422, 501, 505])("does not retry a GET on %i", async (status) => {
    const route = scripted("get", "/read", [status, 200], ITEM);
    server.use(route.handler);
    const result = await client().call(ep.read);
    expect(result.ok).toBe(false);
    expect(route.calls).toHaveLength(1);
  });

  describe.each(WRITES)("never retries a %s", (_, run, method, path) => {
    it.each([503, 429, 408, 500, 504])("on status %i", async (status) => {
      const route = scripted(method, path, [status, 200], ITEM);
      server.use(route.handler);
      const result = await run();
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.status).toBe(status);
      expect(route.calls).toHaveLength(1);
    });

    it("on a network failure", async () => {
      const route = scripted(method, path, ["network", 200], ITEM);
      server.use(route.handler);
      const result = await run();
      expect(result).toEqual({ ok: false, error: { message: NO_RESPONSE_MESSAGE, status: 0, errors: {} } });
      expect(route.calls).toHaveLength(1);
    });
  });
});

describe("timeouts by call class (§9)", () => {
  it.each([
    ["default", 6000, 6000],
    ["default", 1234, 1234],
    ["init", 6000, 25_000],
    ["favoriteGroups", 6000, 15_000],
    ["catalog", 6000, 100_000],
    ["init", 50, 25_000],
    ["upload", 6000, 60_000],
    ["upload", 90_000, 90_000],
  ] as const)("%s with REQUEST_TIMEOUT %i → %i ms", (kind, defaultMs, expected) => {
    expect(timeoutFor(kind, defaultMs)).toBe(expected);
  });

  it("endpoints carry their class: init 25 s, city list default", () => {
    expect(timeoutFor(contentEndpoints.init.timeout, 6000)).toBe(25_000);
    expect(timeoutFor(contentEndpoints.cityList.timeout, 6000)).toBe(6000);
    // A slow 10 MB upload or an order is not abandoned after the API stored it (ADR 025).
    expect(timeoutFor(endpoints.fileUpload.timeout, 6000)).toBe(60_000);
    expect(timeoutFor(endpoints.orderCreateUnauth.timeout, 6000)).toBe(60_000);
  });

  it("aborts a slow default-class call after defaultTimeoutMs and maps it to the no-response error", async () => {
    let attempts = 0;
    server.use(
      http.get(`${API_BASE}/read`, async () => {
        attempts++;
        await delay(3_000);
        return success(ITEM);
      }),
    );
    const started = performance.now();
    const result = await client({ defaultTimeoutMs: 50 }).call(ep.read);
    const elapsed = performance.now() - started;

    expect(result).toEqual({ ok: false, error: { message: NO_RESPONSE_MESSAGE, status: 0, errors: {} } });
    // A timed-out read counts as a network failure: one retry, each attempt cut at ~50 ms.
    expect(attempts).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(1_500);
  });

  it("a timed-out write is aborted and not retried", async () => {
    let attempts = 0;
    server.use(
      http.post(`${API_BASE}/thing/create`, async () => {
        attempts++;
        await delay(3_000);
        return success(ITEM);
      }),
    );
    const started = performance.now();
    const result = await client({ defaultTimeoutMs: 50 }).call(ep.create, { body: { title: "a", count: 1 } });
    expect(result).toEqual({ ok: false, error: { message: NO_RESPONSE_MESSAGE, status: 0, errors: {} } });
    expect(attempts).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it("a catalogue-class call is not cut at the default timeout", async () => {
    server.use(
      http.get(`${API_BASE}/product/list`, async () => {
        await delay(150);
        return success(emptyPaged());
      }),
    );
    const result = await client({ defaultTimeoutMs: 50 }).call(ep.productList, { query: {} });
    expect(result).toEqual({ ok: true, data: emptyPaged(), status: 200 });
  });

  it("a default-class call that answers within the timeout succeeds", async () => {
    server.use(
      http.get(`${API_BASE}/read`, async () => {
        await delay(10);
        return success(ITEM);
      }),
    );
    expect(await client({ defaultTimeoutMs: 500 }).call(ep.read)).toEqual({ ok: true, data: ITEM, status: 200 });
  });
});

describe("error mapping (§8)", () => {
  it("no response: 'Ошибка', status 0, no field errors", async () => {
    expect(await mapError(null)).toEqual({ message: "Ошибка", status: 0, errors: {} });
  });

  it("400: the server message and field errors as a field → message map", async () => {
    const response = Response.json(
      {
        message: "Проверьте данные",
        errors: [
          { field: "email", message: "Некорректный e-mail" },
          { field: "phone", message: "Телефон уже занят" },
        ],
      },
      { status: 400 },
    );
    expect(await mapError(response)).toEqual({
      message: "Проверьте данные",
      status: 400,
      errors: { email: "Некорректный e-mail", phone: "Телефон уже занят" },
    });
  });

  it("keeps the order a 409 on the Idempotency-Key names (ADR 025)", async () => {
    const response = Response.json({ message: "Ключ уже использован", errors: [{ field: "Idempotency-Key", message: "Ключ уже использован" }], orderId: 42 }, { status: 409 });
    expect(await mapError(response)).toEqual({ message: "Ключ уже использован", status: 409, errors: { "Idempotency-Key": "Ключ уже использован" }, orderId: 42 });
  });

  it.each([401, 403, 404, 409, 422, 499])("%i: the server message with an empty field map when no errors are listed", async (status) => {
    const response = Response.json({ message: "Нельзя" }, { status });
    expect(await mapError(response)).toEqual({ message: "Нельзя", status, errors: {} });
  });

  it.each([
    ["plain text", "Bad Request", "text/plain"],
    ["HTML", "<html>nginx</html>", "text/html"],
    ["an empty body", "", "application/json"],
    ["JSON without a message", JSON.stringify({ error: "bad" }), "application/json"],
    ["JSON with an empty message", JSON.stringify({ message: "" }), "application/json"],
    ["JSON with malformed errors", JSON.stringify({ message: "x", errors: "nope" }), "application/json"],
  ])("4xx with %s: the default message with that status", async (_, body, type) => {
    const response = new Response(body, { status: 422, headers: { "Content-Type": type } });
    expect(await mapError(response)).toEqual({ message: DEFAULT_ERROR_MESSAGE, status: 422, errors: {} });
  });

  it.each([500, 501, 502, 503, 504, 599])("%i: the default message, never the server's", async (status) => {
    const response = Response.json({ message: "stack trace", errors: [{ field: "x", message: "y" }] }, { status });
    expect(await mapError(response)).toEqual({ message: DEFAULT_ERROR_MESSAGE, status, errors: {} });
  });

  it("a 4xx from a call comes back mapped", async () => {
    server.use(
      http.post(`${API_BASE}/thing/create`, () =>
        failure(400, "Не удалось сохранить", [{ field: "title", message: "Обязательное поле" }]),
      ),
    );
    const result = await client().call(ep.create, { body: { title: "", count: 1 } });
    expect(result).toEqual({ ok: false, error: { message: "Не удалось сохранить", status: 400, errors: { title: "Обязательное поле" } } });
  });

  it("a 5xx from a call gives the default message with its status", async () => {
    server.use(http.post(`${API_BASE}/thing/create`, () => failure(500, "NullPointerException")));
    const result = await client().call(ep.create, { body: { title: "a", count: 1 } });
    expect(result).toEqual({ ok: false, error: { message: DEFAULT_ERROR_MESSAGE, status: 500, errors: {} } });
  });

  it.each([
    ["a wrong shape", () => success({ id: "seven" })],
    ["no data envelope", () => HttpResponse.json(ITEM)],
    ["a body that is not JSON", () => new HttpResponse("<html></html>", { headers: { "Content-Type": "text/html" } })],
    ["an empty body", () => new HttpResponse(null, { status: 200 })],
  ])("a 2xx with %s gives the default error, not a crash", async (_, answer) => {
    server.use(http.get(`${API_BASE}/read`, answer));
    const result = await client().call(ep.read);
    expect(result).toEqual({ ok: false, error: { message: DEFAULT_ERROR_MESSAGE, status: 200, errors: {} } });
  });

  it("a 2xx body is parsed by the endpoint schema (unknown keys stripped)", async () => {
    server.use(http.get(`${API_BASE}/read`, () => success({ ...ITEM, extra: "x" })));
    expect(await client().call(ep.read)).toEqual({ ok: true, data: ITEM, status: 200 });
  });
});

describe("list fallback (§8)", () => {
  const fallbackPaged = emptyPaged<z.infer<typeof Item>>();

  it.each([
    ["a 500", () => failure(500)],
    ["a 404", () => failure(404, "Не найдено")],
    ["a network failure", () => HttpResponse.error()],
    ["a body that does not match the schema", () => success({ elements: "nope" })],
  ])("gives the empty paged shape after %s", async (_, answer) => {
    server.use(http.get(`${API_BASE}/product/list`, answer));
    const data: Paged<z.infer<typeof Item>> = await client().list(ep.productList, { query: { page: 2 } }, fallbackPaged);
    expect(data).toEqual({ pageLimit: 10, countItems: 0, countPages: 0, elements: [] });
  });

  it("gives the empty list after a failure", async () => {
    server.use(http.get(`${API_BASE}/city/`, () => failure(503)));
    expect(await client().list(contentEndpoints.cityList, {}, [])).toEqual([]);
  });

  it("gives the data on success", async () => {
    const page = { pageLimit: 10, countItems: 1, countPages: 1, elements: [ITEM] };
    server.use(http.get(`${API_BASE}/product/list`, () => success(page)));
    expect(await client().list(ep.productList, {}, fallbackPaged)).toEqual(page);
  });
});

describe("401: refresh and retry (§4, §8)", () => {
  const TOKENS: AuthTokens = { token: "old-token", refreshToken: "old-refresh" };
  const expired = () => failure(401, "Токен истёк");

  /** GET /read answers 401 to the old token and 200 to the new one. */
  function readByToken(valid = "new-token") {
    return scripted("get", "/read", [(_, seen) => (seen.authorization === `Bearer ${valid}` ? success(ITEM) : expired())]);
  }

  it("refreshes with the refresh token, retries with the new token and reports the new tokens", async () => {
    const read = readByToken();
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const api = client({ tokens: TOKENS, onTokens });

    const result = await api.call(ep.read);

    expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(refresh.calls).toHaveLength(1);
    expect(JSON.parse(refresh.calls[0].body)).toEqual({ refreshToken: "old-refresh" });
    expect(refresh.calls[0].contentType).toBe("application/json");
    // The refresh goes out without the expired session token.
    expect(refresh.calls[0].authorization).toBeNull();
    expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer old-token", "Bearer new-token"]);
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(onTokens).toHaveBeenCalledWith({ token: "new-token", refreshToken: "new-refresh" });
    expect(api.currentTokens()).toEqual({ token: "new-token", refreshToken: "new-refresh" });
  });

  it("a refresh answer with only a new token keeps the current refresh token", async () => {
    const read = readByToken();
    const refresh = refreshEndpoint(() => success({ authenticated: { token: "new-token" } }));
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const result = await client({ tokens: TOKENS, onTokens }).call(ep.read);
    expect(result.ok).toBe(true);
    expect(onTokens).toHaveBeenCalledWith({ token: "new-token", refreshToken: "old-refresh" });
  });

  it("later calls on the same client use the new token without refreshing again", async () => {
    const read = readByToken();
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(read.handler, refresh.handler);
    const api = client({ tokens: TOKENS });
    await api.call(ep.read);
    await api.call(ep.read);
    expect(refresh.calls).toHaveLength(1);
    expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer old-token", "Bearer new-token", "Bearer new-token"]);
  });

  it("three parallel calls that each get 401 share a single refresh", async () => {
    const read = readByToken();
    let refreshes = 0;
    const refresh = refreshEndpoint(async () => {
      refreshes++;
      await delay(20);
      return authenticated("new-token", "new-refresh");
    });
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const api = client({ tokens: TOKENS, onTokens });

    const results = await Promise.all([api.call(ep.read), api.call(ep.read), api.call(ep.read)]);

    expect(results).toEqual([0, 1, 2].map(() => ({ ok: true, data: ITEM, status: 200 })));
    expect(refreshes).toBe(1);
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(read.calls.filter((c) => c.authorization === "Bearer old-token")).toHaveLength(3);
    expect(read.calls.filter((c) => c.authorization === "Bearer new-token")).toHaveLength(3);
  });

  it("a 401 that arrives after the refresh finished retries with the new token instead of refreshing again", async () => {
    let releaseSlow!: () => void;
    const slowMayAnswer = new Promise<void>((resolve) => (releaseSlow = resolve));
    const fast = readByToken();
    const slow = scripted("get", "/item/:id", [
      async (_, seen) => {
        if (seen.authorization === "Bearer new-token") return success(ITEM);
        await slowMayAnswer; // answer 401 only once the fast call has refreshed and retried
        return expired();
      },
    ]);
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(fast.handler, slow.handler, refresh.handler);
    const api = client({ tokens: TOKENS });

    const slowCall = api.call(ep.item, { params: { id: 1 } });
    const fastResult = await api.call(ep.read);
    releaseSlow();
    const slowResult = await slowCall;

    expect(fastResult.ok).toBe(true);
    expect(slowResult).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(refresh.calls).toHaveLength(1);
    expect(slow.calls.map((c) => c.authorization)).toEqual(["Bearer old-token", "Bearer new-token"]);
  });

  it("a token that expires again later is refreshed again with the newest refresh token", async () => {
    let valid = "token-2";
    const read = scripted("get", "/read", [(_, seen) => (seen.authorization === `Bearer ${valid}` ? success(ITEM) : expired())]);
    let n = 1;
    const refresh = refreshEndpoint(() => {
      n++;
      return authenticated(`token-${n}`, `refresh-${n}`);
    });
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const api = client({ tokens: { token: "token-1", refreshToken: "refresh-1" }, onTokens });

    expect((await api.call(ep.read)).ok).toBe(true);
    valid = "token-3"; // the server expires token-2
    expect((await api.call(ep.read)).ok).toBe(true);

    expect(refresh.calls.map((c) => JSON.parse(c.body))).toEqual([{ refreshToken: "refresh-1" }, { refreshToken: "refresh-2" }]);
    expect(onTokens.mock.calls).toEqual([[{ token: "token-2", refreshToken: "refresh-2" }], [{ token: "token-3", refreshToken: "refresh-3" }]]);
  });

  /** GET /read answers a guest (no bearer) with the item and 401 to any token but `valid`: a public page's read. */
  function publicRead(valid = "new-token") {
    return scripted("get", "/read", [(_, seen) => (seen.authorization === null || seen.authorization === `Bearer ${valid}` ? success(ITEM) : expired())]);
  }

  it.each([
    ["answers 401", () => failure(401, "Refresh token invalid")],
    ["answers 500", () => failure(500)],
    ["fails on the network", () => HttpResponse.error()],
    ["answers without tokens", () => success({ authenticated: null })],
    ["answers a non-JSON body", () => new HttpResponse("ok")],
  ])("when the refresh %s: onTokens(null) once, and the read is asked again as a guest's (issue 25)", async (_, answer) => {
    const read = publicRead();
    const refresh = refreshEndpoint(answer);
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const api = client({ tokens: TOKENS, onTokens });

    const result = await api.call(ep.read);

    expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(refresh.calls).toHaveLength(1);
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(onTokens).toHaveBeenCalledWith(null);
    expect(api.currentTokens()).toBeNull();
    // The 401 is not retried as a transient status: the token's attempt, then the guest's.
    expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer old-token", null]);
  });

  it("a read that needs the user gets its 401 back after the guest's attempt (account pages go to the login)", async () => {
    const read = readByToken();
    const refresh = refreshEndpoint(() => failure(401));
    server.use(read.handler, refresh.handler);
    const result = await client({ tokens: TOKENS }).call(ep.read);
    expect(result).toEqual({ ok: false, error: { message: "Токен истёк", status: 401, errors: {} } });
    expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer old-token", null]);
  });

  it("a write with a dead session is not sent again as a guest's: its 401 comes back, the session ends", async () => {
    const create = scripted("post", "/thing/create", [() => expired()]);
    const refresh = refreshEndpoint(() => failure(401));
    server.use(create.handler, refresh.handler);
    const onTokens = vi.fn();
    const result = await client({ tokens: TOKENS, onTokens }).call(ep.create, { body: { title: "a", count: 1 } });
    expect(result).toEqual({ ok: false, error: { message: "Токен истёк", status: 401, errors: {} } });
    expect(create.calls).toHaveLength(1);
    expect(onTokens.mock.calls).toEqual([[null]]);
  });

  it("parallel calls with a failing refresh: one refresh, one onTokens(null), every read answered as a guest's", async () => {
    const read = publicRead();
    const refresh = refreshEndpoint(async () => {
      await delay(20);
      return failure(401);
    });
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const api = client({ tokens: TOKENS, onTokens });

    const results = await Promise.all([api.call(ep.read), api.call(ep.read), api.call(ep.read)]);

    expect(results).toEqual([0, 1, 2].map(() => ({ ok: true, data: ITEM, status: 200 })));
    expect(refresh.calls).toHaveLength(1);
    expect(onTokens.mock.calls).toEqual([[null]]);
  });

  it("after a failed refresh later calls go out without a token and do not refresh again", async () => {
    const read = publicRead();
    const refresh = refreshEndpoint(() => failure(401));
    server.use(read.handler, refresh.handler);
    const api = client({ tokens: TOKENS });
    await api.call(ep.read);
    await api.call(ep.read);
    expect(refresh.calls).toHaveLength(1);
    expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer old-token", null, null]);
  });

  it("a refused token without a refresh token (a junk cookie): no refresh, onTokens(null), the read as a guest's (issue 25)", async () => {
    const read = publicRead();
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const api = client({ tokens: { token: "abc" }, onTokens });

    expect(await api.call(ep.read)).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(refresh.calls).toHaveLength(0);
    expect(onTokens.mock.calls).toEqual([[null]]);
    expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer abc", null]);
  });

  it("only a refresh token (the access cookie gone): a 401 refreshes and the call goes again with the new token", async () => {
    const read = readByToken();
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();
    const result = await client({ tokens: { refreshToken: "old-refresh" }, onTokens }).call(ep.read);
    expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(read.calls.map((c) => c.authorization)).toEqual([null, "Bearer new-token"]);
    expect(onTokens.mock.calls).toEqual([[{ token: "new-token", refreshToken: "new-refresh" }]]);
  });

  it("no tokens at all: the 401 is returned, nothing refreshed, nothing reported", async () => {
    const read = readByToken();
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(read.handler, refresh.handler);
    const onTokens = vi.fn();

    const result = await client({ tokens: null, onTokens }).call(ep.read);

    expect(result).toEqual({ ok: false, error: { message: "Токен истёк", status: 401, errors: {} } });
    expect(refresh.calls).toHaveLength(0);
    expect(onTokens).not.toHaveBeenCalled();
    expect(read.calls).toHaveLength(1);
  });

  it("auth calls go without the session header (§7): a dead token cookie does not refuse a login (issue 25)", async () => {
    const login = scripted("post", "/auth/login", [(_, seen) => (seen.authorization ? failure(401, "Сессия истекла, войдите снова") : success({ ok: 1 }))]);
    server.use(login.handler);
    const result = await client({ tokens: { token: "dead-token", refreshToken: "dead-refresh" } }).call(ep.login, { body: { email: "a@b.ru", password: "x" } });
    expect(result.ok).toBe(true);
    expect(login.calls.map((c) => c.authorization)).toEqual([null]);
  });

  it("adoptTokens: a pair the API handed out is used and reported (the password change's)", async () => {
    const read = readByToken("changed-token");
    server.use(read.handler);
    const onTokens = vi.fn();
    const api = client({ tokens: TOKENS, onTokens });
    api.adoptTokens({ token: "changed-token", refreshToken: "changed-refresh" });
    expect(await api.call(ep.read)).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(onTokens.mock.calls).toEqual([[{ token: "changed-token", refreshToken: "changed-refresh" }]]);
    expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer changed-token"]);
  });

  it("a 401 on the retried call is returned, with no second refresh (no loop)", async () => {
    const read = scripted("get", "/read", [() => expired()]);
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(read.handler, refresh.handler);
    const result = await client({ tokens: TOKENS }).call(ep.read);
    expect(result).toEqual({ ok: false, error: { message: "Токен истёк", status: 401, errors: {} } });
    expect(refresh.calls).toHaveLength(1);
    expect(read.calls).toHaveLength(2);
  });

  it("a 401 from an /auth/ call (wrong password) does not refresh", async () => {
    const login = scripted("post", "/auth/login", [() => failure(401, "Неверный логин или пароль")]);
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(login.handler, refresh.handler);
    const result = await client({ tokens: TOKENS }).call(ep.login, { body: { email: "a@b.ru", password: "x" } });
    expect(result).toEqual({ ok: false, error: { message: "Неверный логин или пароль", status: 401, errors: {} } });
    expect(refresh.calls).toHaveLength(0);
  });

  describe("is separate from the transient-status retry", () => {
    it("401 → refresh → 503 → 200: the retried call still gets its one transient retry", async () => {
      const read = scripted("get", "/read", [() => expired(), 503, 200], ITEM);
      const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
      server.use(read.handler, refresh.handler);
      const result = await client({ tokens: TOKENS }).call(ep.read);
      expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
      expect(read.calls.map((c) => c.authorization)).toEqual(["Bearer old-token", "Bearer new-token", "Bearer new-token"]);
    });

    it("503 → 401 → refresh → 200: a 401 after the transient retry still refreshes", async () => {
      const read = scripted("get", "/read", [503, () => expired(), 200], ITEM);
      const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
      server.use(read.handler, refresh.handler);
      const result = await client({ tokens: TOKENS }).call(ep.read);
      expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
      expect(read.calls).toHaveLength(3);
      expect(refresh.calls).toHaveLength(1);
    });

    it("401 → refresh → 503 → 503: at most two attempts after the refresh", async () => {
      const read = scripted("get", "/read", [() => expired(), 503]);
      const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
      server.use(read.handler, refresh.handler);
      const result = await client({ tokens: TOKENS }).call(ep.read);
      expect(result).toEqual({ ok: false, error: { message: DEFAULT_ERROR_MESSAGE, status: 503, errors: {} } });
      expect(read.calls).toHaveLength(3);
    });

    it("a write is sent again with its body after a refresh, but not retried on a transient status", async () => {
      const create = scripted("post", "/thing/create", [() => expired(), 503, 200], ITEM);
      const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
      server.use(create.handler, refresh.handler);
      const result = await client({ tokens: TOKENS }).call(ep.create, { body: { title: "Кружка", count: 2 } });
      expect(result).toEqual({ ok: false, error: { message: DEFAULT_ERROR_MESSAGE, status: 503, errors: {} } });
      expect(create.calls.map((c) => [c.authorization, JSON.parse(c.body)])).toEqual([
        ["Bearer old-token", { title: "Кружка", count: 2 }],
        ["Bearer new-token", { title: "Кружка", count: 2 }],
      ]);
    });

    it("a form-data write is re-encoded for the retry after a refresh", async () => {
      const upload = scripted("post", "/profile/legal/create", [() => expired(), 200], ITEM);
      const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
      server.use(upload.handler, refresh.handler);
      const result = await client({ tokens: TOKENS }).call(ep.upload, { body: { name: "ООО Ромашка", inn: 7701234567 } });
      expect(result).toEqual({ ok: true, data: ITEM, status: 200 });
      expect(upload.calls[1].body).toContain("ООО Ромашка");
      expect(upload.calls[1].contentType).toMatch(/^multipart\/form-data; boundary=/);
    });
  });
});

describe("query and path encoding", () => {
  it("toSearchParams: arrays as key[]=v; undefined, null and '' skipped", () => {
    const search = toSearchParams({ groupIds: [1, 2, 3], page: 2, text: "", a: undefined, b: null, sort: "price", zero: 0, off: false });
    expect(search.getAll("groupIds[]")).toEqual(["1", "2", "3"]);
    expect(search.toString()).toBe("groupIds%5B%5D=1&groupIds%5B%5D=2&groupIds%5B%5D=3&page=2&sort=price&zero=0&off=false");
    expect(search.has("text")).toBe(false);
    expect(search.has("a")).toBe(false);
    expect(search.has("b")).toBe(false);
  });

  it("toSearchParams: empty arrays and null/undefined/'' items are left out", () => {
    expect(toSearchParams({ groupIds: [], values: [null, "x", undefined, ""] }).toString()).toBe("values%5B%5D=x");
  });

  it("toSearchParams of nothing is empty", () => {
    expect(toSearchParams(undefined).toString()).toBe("");
    expect(toSearchParams({}).toString()).toBe("");
  });

  it("the client sends the encoded query (§7 groupIds[])", async () => {
    const route = scripted("get", "/product/list", [200], emptyPaged());
    server.use(route.handler);
    await client().call(ep.productList, { query: { groupIds: [10, 20], page: 1, text: "ручка синяя & co", sort: null } });
    const { url } = route.calls[0];
    expect(url.searchParams.getAll("groupIds[]")).toEqual(["10", "20"]);
    expect(url.searchParams.get("page")).toBe("1");
    expect(url.searchParams.get("text")).toBe("ручка синяя & co");
    expect(url.searchParams.has("sort")).toBe(false);
  });

  it("no query string when there is nothing to send", async () => {
    const route = scripted("get", "/product/list", [200], emptyPaged());
    server.use(route.handler);
    await client().call(ep.productList, { query: { text: "" } });
    expect(route.calls[0].href).toBe("http://api.test/api/product/list");
  });

  it("path parameters are percent-encoded", async () => {
    const seen: SeenRequest[] = [];
    server.use(
      http.get(`${API_BASE}/*`, async ({ request }) => {
        seen.push(await snapshot(request));
        return success(ITEM);
      }),
    );
    await client().call(ep.item, { params: { id: "a/b c?d#e" } });
    await client().call(contentEndpoints.staticPageDetail, { params: { slug: "о-компании" } });
    expect(seen[0].href).toBe("http://api.test/api/item/a%2Fb%20c%3Fd%23e");
    expect(seen[1].href).toBe("http://api.test/api/static_page/detail/%D0%BE-%D0%BA%D0%BE%D0%BC%D0%BF%D0%B0%D0%BD%D0%B8%D0%B8");
    expect(seen[1].url.search).toBe("");
  });
});

describe("request bodies", () => {
  it("JSON bodies carry Content-Type application/json", async () => {
    const route = scripted("post", "/thing/create", [200], ITEM);
    server.use(route.handler);
    await client().call(ep.create, { body: { title: "Кружка", count: 3 } });
    expect(route.calls[0].contentType).toBe("application/json");
    expect(JSON.parse(route.calls[0].body)).toEqual({ title: "Кружка", count: 3 });
  });

  it("a DELETE can carry a JSON body (§7 DELETE /cart/image {imagesIds})", async () => {
    const route = scripted("delete", "/thing", [200], ITEM);
    server.use(route.handler);
    await client().call(ep.delete, { body: { imagesIds: [4, 5] } });
    expect(route.calls[0].contentType).toBe("application/json");
    expect(JSON.parse(route.calls[0].body)).toEqual({ imagesIds: [4, 5] });
  });

  it("reads carry neither a body nor a Content-Type", async () => {
    const route = scripted("get", "/read", [200], ITEM);
    server.use(route.handler);
    await client().call(ep.read);
    expect(route.calls[0].contentType).toBeNull();
    expect(route.calls[0].body).toBe("");
  });

  it("form endpoints send multipart form data with files; undefined fields are left out", async () => {
    let form: FormData | undefined;
    let contentType: string | null = null;
    server.use(
      http.post(`${API_BASE}/profile/legal/create`, async ({ request }) => {
        contentType = request.headers.get("content-type");
        form = await request.formData();
        return success(ITEM);
      }),
    );
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });

    const result = await client().call(ep.upload, { body: { name: "ООО Ромашка", inn: 7701234567, file, note: undefined } });

    expect(result.ok).toBe(true);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(form?.get("name")).toBe("ООО Ромашка");
    expect(form?.get("inn")).toBe("7701234567");
    expect(form?.has("note")).toBe(false);
    const sent = form?.get("file");
    expect(sent).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (sent as Blob).arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });
});

describe("shared read cache (anonymous catalogue reads)", () => {
  const sharedItem = endpoint({ ...ep.item, id: "test.sharedItem", shared: true });
  const sharedWrite = endpoint({ ...ep.create, id: "test.sharedWrite", shared: true });

  function cachedClient(overrides: Partial<ApiClientOptions> = {}) {
    const readCache = createSharedCache({ maxEntries: 100, maxBytes: 1024 * 1024, freshMs: 60_000, staleMs: 60_000 });
    return { readCache, make: (more: Partial<ApiClientOptions> = {}) => client({ readCache, ...overrides, ...more }) };
  }

  it("a shared endpoint is fetched once for many anonymous requests, and the answer is frozen", async () => {
    const { handler, calls } = scripted("get", "/item/7", [200], ITEM);
    server.use(handler);
    const { make } = cachedClient();
    const first = await make().call(sharedItem, { params: { id: 7 } });
    const second = await make().call(sharedItem, { params: { id: 7 } });
    expect(first).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(second).toEqual(first);
    expect(calls).toHaveLength(1);
    expect(Object.isFrozen(first.ok && first.data)).toBe(true);
  });

  it("different parameters are different entries", async () => {
    const a = scripted("get", "/item/1", [200], { id: 1, title: "a" });
    const b = scripted("get", "/item/2", [200], { id: 2, title: "b" });
    server.use(a.handler, b.handler);
    const { make } = cachedClient();
    const one = await make().call(sharedItem, { params: { id: 1 } });
    const two = await make().call(sharedItem, { params: { id: 2 } });
    expect(one.ok && one.data.title).toBe("a");
    expect(two.ok && two.data.title).toBe("b");
  });

  it("a caller with a token always asks the API (answers may be personal)", async () => {
    const { handler, calls } = scripted("get", "/item/7", [200], ITEM);
    server.use(handler);
    const { make } = cachedClient();
    await make().call(sharedItem, { params: { id: 7 } });
    await make({ tokens: { token: "t", refreshToken: "r" } }).call(sharedItem, { params: { id: 7 } });
    await make({ tokens: { token: "t", refreshToken: "r" } }).call(sharedItem, { params: { id: 7 } });
    expect(calls).toHaveLength(3);
    expect(calls[1].authorization).toBe("Bearer t");
  });

  it("a shared call kept for everyone never carries a bearer, even when a concurrent refresh sets one before its retry", async () => {
    let release!: () => void;
    const refreshed = new Promise<void>((resolve) => (release = resolve));
    const shared = scripted("get", "/item/7", [async () => (await refreshed, failure(503)), 200], ITEM);
    const personal = scripted("get", "/item/8", [401, 200], ITEM);
    const refresh = refreshEndpoint(() => authenticated("new-token", "new-refresh"));
    server.use(shared.handler, personal.handler, refresh.handler);
    const { make } = cachedClient();
    // One page request: only a refresh token (the access token cookie is gone).
    const api = make({ tokens: { refreshToken: "r" } });
    const cached = api.call(sharedItem, { params: { id: 7 } });
    const own = await api.call(ep.item, { params: { id: 8 } });
    expect(own.ok).toBe(true);
    expect(personal.calls[1].authorization).toBe("Bearer new-token");
    release();
    expect((await cached).ok).toBe(true);
    // The transient retry went after the refresh: still anonymous, since its answer is shared.
    expect(shared.calls.map((c) => c.authorization)).toEqual([null, null]);
  });

  it("endpoints not marked shared, and writes, are never cached", async () => {
    const read = scripted("get", "/item/7", [200], ITEM);
    const write = scripted("post", "/thing/create", [200], ITEM);
    server.use(read.handler, write.handler);
    const { make } = cachedClient();
    await make().call(ep.item, { params: { id: 7 } });
    await make().call(ep.item, { params: { id: 7 } });
    await make().call(sharedWrite, { body: { title: "a", count: 1 } });
    await make().call(sharedWrite, { body: { title: "a", count: 1 } });
    expect(read.calls).toHaveLength(2);
    expect(write.calls).toHaveLength(2);
  });

  it("a failure is not kept: the next request asks again and gets the answer", async () => {
    const { handler, calls } = scripted("get", "/item/7", [404, 200], ITEM);
    server.use(handler);
    const { make } = cachedClient();
    const failed = await make().call(sharedItem, { params: { id: 7 } });
    expect(failed.ok).toBe(false);
    const ok = await make().call(sharedItem, { params: { id: 7 } });
    expect(ok).toEqual({ ok: true, data: ITEM, status: 200 });
    expect(calls).toHaveLength(2);
  });

  it("clearing the cache (a catalogue change) makes the next request ask again", async () => {
    const { handler, calls } = scripted("get", "/item/7", [200], ITEM);
    server.use(handler);
    const { make, readCache } = cachedClient();
    await make().call(sharedItem, { params: { id: 7 } });
    readCache.clear();
    await make().call(sharedItem, { params: { id: 7 } });
    expect(calls).toHaveLength(2);
  });

  it("the answer's JSON size is what it counts against the byte bound", async () => {
    server.use(scripted("get", "/item/7", [200], ITEM).handler);
    const { make, readCache } = cachedClient();
    await make().call(sharedItem, { params: { id: 7 } });
    expect(readCache.bytes()).toBe(JSON.stringify({ data: ITEM }).length);
  });
});
