/**
 * A request's id from the visitor (or nginx) through the storefront to the embedded API (ADR 056):
 * the page's API calls carry X-Request-Id, and the API's lines for them (here the demo SMS line)
 * carry the page request's id. The login code is in that delivery line and in no other line.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import express from "express";
import { authEndpoints } from "#contract/auth.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { createContextFactory } from "#server/load-context.ts";
import { requestLog } from "#server/request-log.ts";
import { errorHandler } from "#server/errors.ts";
import { openTestApi, testBackends, type TestApi } from "#api/testing.ts";
import { captureLog } from "#tests/support/log-capture.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApi;
let server: Server;
let port: number;
/** The X-Request-Id of every call the storefront made to the API. */
const apiCalls: (string | null)[] = [];

beforeAll(async () => {
  t = await openTestApi(testBackends()[0]!, { groups: 5 });
  const backend: Backend = {
    baseUrl: "http://reference.internal/api",
    fetch: async (request) => {
      apiCalls.push(request.headers.get("x-request-id"));
      return t.api.fetch(request);
    },
    embedded: true,
    ping: async () => true,
    close: async () => {},
    onChange: () => {},
    describe: "test",
  };
  const getLoadContext = createContextFactory(parseEnv({}), backend);
  const app = express();
  app.use(requestLog());
  app.use(getLoadContext.resolveCity);
  // A page whose action asks the API for a login code, as the login dialog's does.
  app.post("/login", async (req, res) => {
    const context = await getLoadContext(req, res);
    const sent = await context.api.call(authEndpoints.authSmsSend, { body: { phone: String(req.query.phone) } });
    res.status(sent.ok ? 200 : 502).send(sent.ok ? "sent" : "failed");
  });
  app.use(errorHandler());
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe("request ids from the page to the API (ADR 056)", () => {
  it("the page's API call carries the visitor's request id, and so does the API's line about it", async () => {
    const log = captureLog();
    try {
      apiCalls.length = 0;
      const res = await fetch(`http://127.0.0.1:${port}/login?phone=%2B79211234567`, { method: "POST", headers: { "X-Request-Id": "visit-42" } });
      expect(await res.text()).toBe("sent");
      expect(res.headers.get("x-request-id")).toBe("visit-42");
      await vi.waitFor(() => expect(log.lines.some((line) => line.url === "/login?phone=%2B79211234567")).toBe(true));
      expect(apiCalls.filter((id) => id !== null)).toEqual(["visit-42"]);

      const delivery = log.lines.find((line) => line.delivery === "sms");
      expect(delivery).toMatchObject({ level: "info", reqId: "visit-42" });
      const code = /: (\d{4,6})$/.exec(delivery!.msg ?? "")?.[1];
      expect(code, delivery!.msg).toBeDefined();
      // The code is in the delivery line and in no other line.
      expect(log.raw.filter((line) => line.includes(code!))).toHaveLength(1);
      expect(log.lines.filter((line) => line.reqId === "visit-42").map((line) => line.delivery ?? line.method)).toEqual(["sms", "POST"]);
    } finally {
      log.restore();
    }
  });

  it("the API takes the id an outside caller sends, or makes one", async () => {
    const log = captureLog();
    try {
      const send = (phone: string, headers: Record<string, string>) =>
        t.fetch("/api/auth/sms/send", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ phone }) });
      expect((await send("+79211234568", { "X-Request-Id": "nginx-7f3a" })).status).toBe(200);
      expect((await send("+79211234569", { "X-Request-Id": "bad id, twice" })).status).toBe(200);
      const ids = log.lines.filter((line) => line.delivery === "sms").map((line) => line.reqId);
      expect(ids).toHaveLength(2);
      expect(ids[0]).toBe("nginx-7f3a");
      expect(ids[1]).toMatch(UUID);
    } finally {
      log.restore();
    }
  });
});
