/**
 * Error reporting (issue 28, ADR 058) against a fake Sentry ingest on 127.0.0.1: the real
 * server/error-reporting.ts start, the real entry.server (handleError, instrumentations) behind
 * React Router's request handler, a route whose loader throws. A request carrying a session cookie,
 * a link token, an e-mail and a phone must arrive as an envelope with the error, its route and the
 * release, and without any of those. Without SENTRY_DSN nothing starts and nothing is sent.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getClient } from "@sentry/core";
import { createRequestHandler, data, type ServerBuild } from "react-router";
import * as entry from "#app/entry.server.tsx";
import { startErrorReporting, stopErrorReporting } from "#server/error-reporting.ts";
import { captureLog } from "#tests/support/log-capture.ts";
import { inRequestContext } from "#log/logger.ts";

/** A Sentry ingest: keeps every envelope POSTed to /api/1/envelope/. */
function fakeIngest() {
  const envelopes: { url: string; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      envelopes.push({ url: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  return { server, envelopes };
}

/** An envelope's items: [item header, payload] pairs. */
function items(body: string): { type: string; payload: Record<string, unknown> }[] {
  const lines = body.split("\n").filter(Boolean);
  const out = [];
  for (let i = 1; i + 1 < lines.length; i += 2) out.push({ type: (JSON.parse(lines[i]) as { type: string }).type, payload: JSON.parse(lines[i + 1]) as Record<string, unknown> });
  return out;
}

const PERSONAL = ["ivan.petrov", "example.ru", "9161234567", "916) 123-45-67", "123-45-67", "s3cr3t-session-token-value", "linktoken0123456789abcdef", "Bearer"];

/** The app's entry module with two routes under a root: one loader throws our bug, one a 404. */
function serverBuild(): ServerBuild {
  const route = (id: string, path: string | undefined, module: Record<string, unknown>, parentId?: string) => ({ id, path, parentId, index: undefined, caseSensitive: undefined, module });
  return {
    entry: { module: entry as unknown as ServerBuild["entry"]["module"] },
    routes: {
      root: route("root", "", { default: () => null, loader: () => ({ ok: true }) }),
      "routes/order": route(
        "routes/order",
        "order/:id",
        {
          default: () => null,
          loader: ({ params }: { params: { id: string } }) => {
            throw new Error(`Заказ ${params.id} не найден для ivan.petrov@example.ru, тел. +7 (916) 123-45-67`);
          },
        },
        "root",
      ),
      "routes/missing": route(
        "routes/missing",
        "missing",
        {
          default: () => null,
          loader: () => {
            throw data("Нет такой страницы", { status: 404 });
          },
        },
        "root",
      ),
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const hostileRequest = () =>
  new Request("http://shop.test/order/77.data?email=ivan.petrov%40example.ru&phone=%2B79161234567&token=linktoken0123456789abcdef", {
    headers: { Cookie: "token=s3cr3t-session-token-value; cityId=2", Authorization: "Bearer s3cr3t-session-token-value" },
  });

describe("error reporting with SENTRY_DSN (a fake ingest)", () => {
  const ingest = fakeIngest();
  let dsn = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => ingest.server.listen(0, "127.0.0.1", resolve));
    dsn = `http://public@127.0.0.1:${(ingest.server.address() as AddressInfo).port}/1`;
  });
  afterEach(async () => {
    await stopErrorReporting();
    ingest.envelopes.length = 0;
  });
  afterAll(() => new Promise<void>((resolve) => (ingest.server as Server).close(() => resolve())));

  it("sends a thrown loader error with its route, release and environment, and no personal data", async () => {
    const log = captureLog();
    expect(startErrorReporting({ SENTRY_DSN: dsn, SENTRY_RELEASE: "podarki-storefront@test", APP_ENV: "staging" }, { tracesSampleRate: 1 })).toBe(true);
    const handler = createRequestHandler(serverBuild(), "production");
    const response = await inRequestContext("req-77", () => handler(hostileRequest()));
    log.restore();
    expect(response.status).toBe(500);
    // One error line, with the id the report carries (ADR 056): the report leads to the log.
    expect(log.lines.filter((line) => line.level === "error").map((line) => line.reqId)).toEqual(["req-77"]);
    await getClient()!.flush(3000);

    const all = ingest.envelopes.flatMap((e) => items(e.body).map((item) => ({ ...item, url: e.url })));
    const errors = all.filter((i) => i.type === "event");
    expect(errors).toHaveLength(1);
    const event = errors[0].payload as {
      exception: { values: { type: string; value: string }[] };
      tags: Record<string, string>;
      release: string;
      environment: string;
      request: { url: string; method: string };
      user?: unknown;
    };
    expect(errors[0].url).toMatch(/^\/api\/1\/envelope\/\?sentry_version=7&sentry_key=public$/);
    expect(event.exception.values[0].type).toBe("Error");
    expect(event.exception.values[0].value).toBe("Заказ 77 не найден для [скрыто], тел. [скрыто]");
    expect(event.tags["route.id"]).toBe("routes/order");
    expect(event.tags["route.pattern"]).toBe("/order/:id");
    expect(event.tags.request_id).toBe("req-77");
    expect(event.release).toBe("podarki-storefront@test");
    expect(event.environment).toBe("staging");
    expect(event.request).toEqual({ method: "GET", url: "http://shop.test/order/77?email=[скрыто]&phone=[скрыто]&token=[скрыто]" });
    expect(event.user).toBeUndefined();

    // The transaction (traced: the test samples every request) is named by the route, not the URL.
    const spans = all.filter((i) => i.type === "span").flatMap((i) => (i.payload as { items: { name: string; is_segment: boolean }[] }).items);
    expect(spans.filter((s) => s.is_segment).map((s) => s.name)).toEqual(["GET /order/:id"]);
    expect(spans.filter((s) => !s.is_segment).map((s) => s.name)).toContain("routes/order");

    // Each request is its own trace (and its own sampling draw).
    await handler(new Request("http://shop.test/order/78.data"));
    await getClient()!.flush(3000);
    const traces = new Set(ingest.envelopes.map((e) => (JSON.parse(e.body.split("\n")[0]) as { trace?: { trace_id?: string } }).trace?.trace_id));
    expect(traces.size).toBe(2);

    for (const envelope of ingest.envelopes) {
      for (const secret of PERSONAL) expect(envelope.body).not.toContain(secret);
      expect(envelope.body.toLowerCase()).not.toContain("cookie");
    }
  });

  it("does not send a 404 a loader throws on purpose, and samples a fifth of requests by default", async () => {
    expect(startErrorReporting({ SENTRY_DSN: dsn, SENTRY_RELEASE: undefined, APP_ENV: "demo" })).toBe(true);
    expect(getClient()!.getOptions().tracesSampleRate).toBe(0.2);
    expect(getClient()!.getOptions().release).toMatch(/^podarki-storefront@/);
    const handler = createRequestHandler(serverBuild(), "production");
    const response = await handler(new Request("http://shop.test/missing.data"));
    expect(response.status).toBe(404);
    await getClient()!.flush(3000);
    expect(ingest.envelopes.flatMap((e) => items(e.body)).filter((i) => i.type === "event")).toEqual([]);
  });
});

describe("error reporting without SENTRY_DSN", () => {
  it("starts nothing, instruments nothing and sends nothing", async () => {
    const ingest = fakeIngest();
    await new Promise<void>((resolve) => ingest.server.listen(0, "127.0.0.1", resolve));
    const sent = vi.spyOn(globalThis, "fetch");
    const log = captureLog();
    try {
      expect(startErrorReporting({ SENTRY_DSN: undefined, SENTRY_RELEASE: undefined, APP_ENV: "demo" })).toBe(false);
      expect(getClient()).toBeUndefined();
      const handler = createRequestHandler(serverBuild(), "production");
      const response = await handler(hostileRequest());
      expect(response.status).toBe(500);
      // The error is still logged (entry.server's line); nothing went anywhere else.
      expect(log.lines.filter((line) => line.level === "error")).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sent).not.toHaveBeenCalled();
      expect(ingest.envelopes).toEqual([]);
    } finally {
      sent.mockRestore();
      log.restore();
      await new Promise<void>((resolve) => ingest.server.close(() => resolve()));
    }
  });
});
