import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import { edgeSaysBot, markEdgeRequest } from "./edge.ts";

const SECRET = "EdgeSecret0123456789abcdefABCDEF0123456789";
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** What the edge check says for a request over loopback, with `trust proxy` as given. */
async function ask(trust: boolean | string, headers: Record<string, string>, secret: string | null = SECRET) {
  const app = express();
  app.set("trust proxy", trust);
  app.use((req, res) => {
    const edge = markEdgeRequest(req, res, secret ?? undefined);
    res.json({ edge, bot: edgeSaysBot(req, res) ?? null });
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise<{ edge: boolean; bot: boolean | null }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c));
      res.on("end", () => resolve(JSON.parse(body)));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the edge's requests (server/edge.ts)", () => {
  it("is the edge's only from a trusted proxy with the exact secret", async () => {
    expect(await ask("loopback", { "x-edge-secret": SECRET })).toEqual({ edge: true, bot: null });
    // The peer is not a trusted proxy: the secret alone is not enough.
    expect((await ask(false, { "x-edge-secret": SECRET })).edge).toBe(false);
    expect((await ask("10.0.0.0/8", { "x-edge-secret": SECRET })).edge).toBe(false);
    for (const wrong of ["", SECRET.toLowerCase(), `${SECRET}x`, SECRET.slice(1), "x".repeat(10_000)]) {
      expect((await ask("loopback", { "x-edge-secret": wrong })).edge, JSON.stringify(wrong.slice(0, 20))).toBe(false);
    }
    // No EDGE_SECRET: nobody is the edge.
    expect((await ask("loopback", { "x-edge-secret": SECRET }, null)).edge).toBe(false);
  });

  it("takes the edge's crawler-or-person from its request only", async () => {
    expect((await ask("loopback", { "x-edge-secret": SECRET, "x-edge-client": "bot" })).bot).toBe(true);
    expect((await ask("loopback", { "x-edge-secret": SECRET, "x-edge-client": "person" })).bot).toBe(false);
    expect((await ask("loopback", { "x-edge-secret": SECRET, "x-edge-client": "robot" })).bot).toBeNull();
    // Anyone else's X-Edge-Client means nothing.
    expect((await ask("loopback", { "x-edge-client": "bot" })).bot).toBeNull();
  });
});
