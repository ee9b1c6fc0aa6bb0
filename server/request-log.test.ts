import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import express from "express";
import { createLoggers, inRequestContext, setLogLevel, type LogLevelSetting } from "#log/logger.ts";
import { HIDDEN } from "#log/redact.ts";
import { requestLog } from "./request-log.ts";
import { reject } from "./reject.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The request log first, as in server.ts, over a few pages; its lines go into an array. */
async function setup(setting: LogLevelSetting = "info") {
  const raw: string[] = [];
  const loggers = createLoggers({ write: (line: string) => void raw.push(line) });
  setLogLevel(setting, loggers);
  const { log } = loggers;
  let entered = () => {};
  const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
  const app = express();
  app.use(requestLog({ log, inContext: (id, fn) => inRequestContext(id, fn, loggers.storage), route: (path) => (path === "/work" ? "routes/work" : "other") }));
  app.get("/work", async (_req, res) => {
    log.info("inside the page");
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.error({ err: new Error("an API call failed") }, "after a timer");
    res.send("ok");
  });
  app.get("/refused", (_req, res) => reject(res, 400, "Неверный запрос", "bad thing"));
  // Never answers: the client gives up.
  app.get("/hang", () => entered());
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { port, raw, lines, handlerEntered };
}

const get = (port: number, path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });

describe("requestLog (ADR 056)", () => {
  it("keeps a sane X-Request-Id, returns it, and puts it on every line of the request, its own line last", async () => {
    const s = await setup();
    const res = await get(s.port, "/work?page=2", { "X-Request-Id": "nginx-8a4d5c2e9b0f" });
    expect(res.headers.get("x-request-id")).toBe("nginx-8a4d5c2e9b0f");
    expect(await res.text()).toBe("ok");
    await vi.waitFor(() => expect(s.lines()).toHaveLength(3));
    const [inside, failed, line] = s.lines();
    expect(inside).toMatchObject({ level: "info", msg: "inside the page", reqId: "nginx-8a4d5c2e9b0f" });
    expect(failed).toMatchObject({ level: "error", reqId: "nginx-8a4d5c2e9b0f", err: { message: "an API call failed" } });
    expect(line).toMatchObject({ level: "info", reqId: "nginx-8a4d5c2e9b0f", method: "GET", url: "/work?page=2", route: "routes/work", status: 200 });
    expect(line.ms).toEqual(expect.any(Number));
    expect(line.msg).toMatch(/^GET \/work\?page=2 200 [\d.]+ms$/);
    expect(line).not.toHaveProperty("rejection");
    expect(line).not.toHaveProperty("aborted");
  });

  it.each([
    ["too long", "x".repeat(129)],
    ["a forged line", 'a"}{"level":"fatal'],
    ["spaces", "a b c"],
  ])("replaces an insane X-Request-Id (%s) with a new UUID, in the answer and on the lines", async (_what, given) => {
    const s = await setup();
    const res = await get(s.port, "/work", { "X-Request-Id": given });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    await res.text();
    await vi.waitFor(() => expect(s.lines()).toHaveLength(3));
    expect(s.lines().map((line) => line.reqId)).toEqual([id, id, id]);
    expect(s.raw.join("")).not.toContain(given);
  });

  it("gives a request without an id a new one, a different one each time", async () => {
    const s = await setup();
    const ids = await Promise.all([1, 2, 3].map(async () => (await get(s.port, "/refused")).headers.get("x-request-id")));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it("writes a refused request's reason, hides link tokens in the URL, and marks a request its client abandoned", async () => {
    const s = await setup();
    const refused = await get(s.port, "/refused?token=Zq3k8YfV0pXb2LmN4sRt6u");
    expect(refused.status).toBe(400);
    await vi.waitFor(() => expect(s.lines()).toHaveLength(1));
    expect(s.lines()[0]).toMatchObject({ url: `/refused?token=${HIDDEN}`, status: 400, rejection: "bad thing", route: "other" });
    expect(s.lines()[0].msg).toMatch(new RegExp(`^GET /refused\\?token=\\[скрыто\\] 400 [\\d.]+ms \\(bad thing\\)$`));
    expect(s.raw.join("")).not.toContain("Zq3k8YfV0pXb2LmN4sRt6u");

    const req = httpRequest({ host: "127.0.0.1", port: s.port, path: "/hang" });
    req.on("error", () => {});
    req.end();
    await s.handlerEntered;
    req.destroy();
    await vi.waitFor(() => expect(s.lines()).toHaveLength(2));
    expect(s.lines()[1]).toMatchObject({ url: "/hang", aborted: true });
  });

  it("at LOG_LEVEL=error writes no request line, and still gives the id", async () => {
    const s = await setup("error");
    const res = await get(s.port, "/work", { "X-Request-Id": "abc-1" });
    expect(res.headers.get("x-request-id")).toBe("abc-1");
    await res.text();
    // The page's error line (with the id) is written; the info lines are not.
    await vi.waitFor(() => expect(s.lines()).toHaveLength(1));
    expect(s.lines()[0]).toMatchObject({ level: "error", reqId: "abc-1" });
    const second = await get(s.port, "/refused");
    await second.text();
    expect(s.lines()).toHaveLength(1);
  });
});
