/** The SMS channels: the HTTP provider (JSON { phone, text, channel }), the development log line, nothing in production. */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmsSender } from "./sms";

const message = { phone: "+79211234567", text: "Код входа ТМГ: 123456. Никому его не сообщайте", channel: "sms" as const, code: "123456", label: "Код входа" };

describe("HTTP SMS provider", () => {
  const received: { body: unknown; type: string | undefined }[] = [];
  let status = 200;
  let url = "";
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ body: JSON.parse(body), type: req.headers["content-type"] });
      res.statusCode = status;
      res.end("ok");
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => {
    server.close();
  });

  it("posts the phone, text and channel as JSON and reports delivery", async () => {
    const errors: string[] = [];
    const sms = createSmsSender({ smsUrl: url, appEnv: "production", logError: (m) => errors.push(m) });
    expect(await sms.send(message)).toBe(true);
    expect(received.at(-1)).toEqual({ body: { phone: message.phone, text: message.text, channel: "sms" }, type: "application/json" });
    status = 502;
    expect(await sms.send({ ...message, channel: "call" })).toBe(false);
    expect(errors).toEqual(["SMS provider answered 502"]);
    expect(errors.join()).not.toContain("123456");
  });

  it("reports an unreachable provider without the code", async () => {
    const errors: string[] = [];
    const sms = createSmsSender({ smsUrl: "http://127.0.0.1:1/send", logError: (m) => errors.push(m) });
    expect(await sms.send(message)).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).not.toContain("123456");
  });
});

describe("without a provider", () => {
  it("writes one line with the phone and the code outside production", async () => {
    const lines: string[] = [];
    expect(await createSmsSender({ appEnv: "demo", log: (l) => lines.push(l) }).send(message)).toBe(true);
    expect(lines).toEqual(["[auth] Код входа для +79211234567: 123456"]);
  });

  it("delivers nothing in production and writes nothing", async () => {
    const lines: string[] = [];
    const sms = createSmsSender({ appEnv: "production", log: (l) => lines.push(l) });
    expect(sms.available).toBe(false);
    expect(await sms.send(message)).toBe(false);
    expect(lines).toEqual([]);
  });
});
