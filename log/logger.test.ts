import { describe, expect, it } from "vitest";
import { createLoggers, inRequestContext, currentRequestId, log, notice, requestIdFrom, setLogLevel, type LogLevelSetting } from "./logger.ts";
import type * as LoggerModule from "./logger.ts";
import { HIDDEN } from "./redact.ts";

/** Loggers writing into an array of parsed lines (and the raw text, for "appears nowhere" checks). */
function memoryLoggers(setting: LogLevelSetting = "info") {
  const raw: string[] = [];
  const loggers = createLoggers({ write: (line: string) => void raw.push(line) }, setting);
  const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  const inContext = <T>(reqId: string, fn: () => T) => inRequestContext(reqId, fn, loggers.storage);
  return { ...loggers, raw, lines, inContext };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdFrom", () => {
  it.each(["0f8fad5b-d9cb-469f-a165-70867728950e", "8a4d5c2e9b0f4a6c8d1e3f5a7b9c0d2e", "1-67891233-abcdef012345678912345678", "a", "x".repeat(128), "req.1_2:3-4"])(
    "keeps the sane id %s",
    (id) => {
      expect(requestIdFrom(id)).toBe(id);
    },
  );

  it.each([
    ["too long", "x".repeat(129)],
    ["empty", ""],
    ["a space", "a b"],
    ["a forged log line", 'x"}\n{"level":"info","msg":"forged'],
    ["a header list", "a, b"],
    ["non-ASCII", "запрос-1"],
    ["a slash", "../etc"],
  ])("replaces %s with a new UUID", (_what, id) => {
    const replaced = requestIdFrom(id);
    expect(replaced).toMatch(UUID);
    expect(replaced).not.toBe(id);
  });

  it("makes a new UUID for none, or a repeated header, and never the same one twice", () => {
    const ids = [requestIdFrom(undefined), requestIdFrom(null), requestIdFrom(["a", "b"]), requestIdFrom(undefined)];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the request context", () => {
  it("puts the request's id on every line written while it is served, also after awaits and timers, and on none outside", async () => {
    const m = memoryLoggers();
    m.log.info("before");
    await m.inContext("req-a", async () => {
      m.log.info("sync");
      await Promise.resolve();
      m.log.warn("after await");
      await new Promise((resolve) => setTimeout(resolve, 1));
      m.notice.info("after a timer");
      expect(currentRequestId(m.storage)).toBe("req-a");
    });
    await Promise.all([m.inContext("req-b", async () => m.log.info("b")), m.inContext("req-c", async () => m.log.info("c"))]);
    m.log.info("after");
    expect(m.lines().map((line) => [line.msg, line.reqId])).toEqual([
      ["before", undefined],
      ["sync", "req-a"],
      ["after await", "req-a"],
      ["after a timer", "req-a"],
      ["b", "req-b"],
      ["c", "req-c"],
      ["after", undefined],
    ]);
  });

  it("shapes every line the same: level by name, ISO time, pid, hostname, msg", () => {
    const m = memoryLoggers();
    m.log.error({ err: Object.assign(new Error("boom"), { code: "ECONNRESET" }) }, "failed");
    const [line] = m.lines();
    expect(line).toMatchObject({ level: "error", pid: process.pid, msg: "failed", err: { type: "Error", message: "boom", code: "ECONNRESET" } });
    expect(String(line.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(line).toHaveProperty("hostname");
    expect((line.err as { stack: string }).stack).toContain("logger.test.ts");
  });
});

describe("redaction (issue 28: no credential, code or link token in the log)", () => {
  it("prints none of the session's headers, passwords, codes, tokens or secret URL parts, whatever the line", () => {
    const m = memoryLoggers();
    const secrets = {
      bearer: "Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LWJlYXJlcg.sig",
      cookie: "__Secure-token=cookie-secret-1; cityId=2",
      setCookie: "__Secure-refresh=cookie-secret-2; HttpOnly",
      password: "s3cret-Pa55word",
      code: "731904",
      token: "tok-Zq3k8YfV0pXb2LmN4sRt6u",
      refreshToken: "ref-Wy9aCdEfGhJk2LmN4p",
      linkToken: "lnk-Mn8bVc7xZa6sDf5gHj4k",
      publicId: "pub-Qw1eR2tY3uI4oP5aS6dF",
      fileKey: "file-Zx9cV8bN7mL6kJ5hG4fD",
      metricsToken: "metrics-Token-0123456789abcdef0123",
    };
    m.log.info({
      headers: { authorization: secrets.bearer, cookie: secrets.cookie, "set-cookie": [secrets.setCookie], "x-metrics-token": secrets.metricsToken, "user-agent": "test" },
      password: secrets.password,
      code: secrets.code,
      token: secrets.token,
      refreshToken: secrets.refreshToken,
      body: { password: secrets.password, newPassword: secrets.password, code: secrets.code, phone: "+79211234567" },
      url: `/email/confirm?token=${secrets.linkToken}&utm_source=mail`,
    }, "one line with everything");
    m.log.warn({ req: { headers: { authorization: secrets.bearer, cookie: secrets.cookie } }, res: { headers: { "set-cookie": secrets.setCookie } } }, "nested headers");
    m.log.info({ url: `/kp/${secrets.publicId}.data` }, "the client's offer page");
    m.log.info({ url: `/kp/${secrets.publicId}/pdf` }, "its PDF");
    m.log.info({ url: `/api/file/${secrets.fileKey}/thumbnail` }, "a file");
    m.log.info({ url: `/reset-password/${secrets.linkToken}` }, "a reset link");
    m.log.error({ err: Object.assign(new Error("refused"), { code: "ERR_BAD" }), token: secrets.token }, "an error");

    const text = m.raw.join("");
    for (const [name, secret] of Object.entries(secrets)) expect(text.includes(secret), `${name} is in the log`).toBe(false);
    const [first, nested, ...urls] = m.lines();
    expect(first).toMatchObject({
      headers: { authorization: HIDDEN, cookie: HIDDEN, "set-cookie": HIDDEN, "x-metrics-token": HIDDEN, "user-agent": "test" },
      password: HIDDEN,
      code: HIDDEN,
      body: { password: HIDDEN, newPassword: HIDDEN, code: HIDDEN, phone: "+79211234567" },
      url: `/email/confirm?token=${HIDDEN}&utm_source=mail`,
    });
    expect(nested).toMatchObject({ req: { headers: { authorization: HIDDEN, cookie: HIDDEN } }, res: { headers: { "set-cookie": HIDDEN } } });
    expect(urls.slice(0, 4).map((line) => line.url)).toEqual([`/kp/${HIDDEN}.data`, `/kp/${HIDDEN}/pdf`, `/api/file/${HIDDEN}/thumbnail`, `/reset-password/${HIDDEN}`]);
    // An error's own code stays readable.
    expect(urls[4]).toMatchObject({ err: { code: "ERR_BAD" }, token: HIDDEN });
  });
});

describe("LOG_LEVEL (app/lib/env.server.ts)", () => {
  it.each([
    ["info", ["info", "warn", "error", "notice"]],
    ["error", ["error", "notice"]],
    ["silent", []],
  ] as const)("%s writes %j", (setting, written) => {
    const m = memoryLoggers();
    setLogLevel(setting, m);
    m.log.info("info");
    m.log.warn("warn");
    m.log.error("error");
    m.notice.info("notice");
    expect(m.lines().map((line) => line.msg)).toEqual(written.map(String));
  });
});

describe("one logger per process", () => {
  it("is shared by every copy of this module (the server bundle and React Router's build each carry one)", async () => {
    const copy = (await import(/* @vite-ignore */ `./logger.ts?copy=${Date.now()}`)) as typeof LoggerModule;
    expect(copy.log).toBe(log);
    expect(copy.notice).toBe(notice);
    // A context opened by one copy is seen by the other.
    expect(inRequestContext("shared", () => copy.currentRequestId())).toBe("shared");
  });
});
