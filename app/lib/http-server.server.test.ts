import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createExpressServer } from "./http-server.server.ts";

describe("createExpressServer", () => {
  const servers: { close(): void }[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  async function start(app: express.Express) {
    const server = createExpressServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it("requests and responses arrive with Express's prototypes, before Express sees them", async () => {
    const app = express();
    app.get("/", (_req, res) => res.send("ok"));
    const { server, base } = await start(app);
    const born: boolean[] = [];
    server.prependListener("request", (req, res) => {
      born.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    });
    await fetch(base);
    await fetch(base);
    expect(born).toEqual([true, true, true, true]);
  });

  it("Express's request and response helpers work as on a plain server", async () => {
    const app = express();
    app.set("trust proxy", true);
    app.get("/echo/:id", (req, res) => {
      res.set("X-Shop", "1").status(201).json({ id: req.params.id, q: req.query.q, ua: req.get("user-agent"), host: req.hostname, ip: req.ip });
    });
    app.use((_req, res) => res.status(404).type("text").send("Страница не найдена"));
    const { base } = await start(app);

    const ok = await fetch(`${base}/echo/7?q=ручка`, { headers: { "User-Agent": "test", "X-Forwarded-Host": "msk.example.ru" } });
    expect(ok.status).toBe(201);
    expect(ok.headers.get("x-shop")).toBe("1");
    expect(await ok.json()).toEqual({ id: "7", q: "ручка", ua: "test", host: "msk.example.ru", ip: "127.0.0.1" });

    const missing = await fetch(`${base}/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Страница не найдена");

    // The server's own response options still apply: a HEAD answer has headers and no body.
    const head = await fetch(`${base}/echo/8`, { method: "HEAD" });
    expect(head.status).toBe(201);
    expect(head.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await head.text()).toBe("");
  });
});
