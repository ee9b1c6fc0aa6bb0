/** The storefront's page tier (ADR 041): once per page request, reads free, a refusal in the API's shape, a broken store lets the write go. */
import { describe, expect, it } from "vitest";
import { createLimits, type Limits } from "#limits/limiter.ts";
import { TIERS } from "#limits/tiers.ts";
import { pageLimitedFetch } from "./page-limit.server.ts";

const ok = () => new Response(JSON.stringify({ data: {} }), { headers: { "Content-Type": "application/json" } });
const write = (path = "/api/order/create_unauth") => new Request(`http://api.test${path}`, { method: "POST", body: "{}" });

describe("pageLimitedFetch", () => {
  it("counts a page request once however many writes it makes; its reads are free", async () => {
    const limits = createLimits({ prefix: "p1" });
    const sent: string[] = [];
    const fetch = pageLimitedFetch(async (r) => (sent.push(`${r.method} ${new URL(r.url).pathname}`), ok()), limits, "203.0.113.1");
    await fetch(new Request("http://api.test/api/profile"));
    await fetch(write("/api/cart/recalculate"));
    await fetch(write("/api/order/create"));
    expect(sent).toEqual(["GET /api/profile", "POST /api/cart/recalculate", "POST /api/order/create"]);
    expect((await limits.consume("page", "203.0.113.1", 0)).remaining).toBe(TIERS.page.windows[0]!.points - 1);
  });

  it("over the tier, no write reaches the API: a 429 with Retry-After and the Russian message in the API's error shape", async () => {
    const limits = createLimits({ prefix: "p2" });
    await limits.consume("page", "203.0.113.2", TIERS.page.windows[0]!.points);
    let called = 0;
    const fetch = pageLimitedFetch(async () => (called++, ok()), limits, "203.0.113.2");
    const answer = await fetch(write());
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/^Слишком много запросов\. Попробуйте через \d+ секунд/), errors: [] });
    expect((await fetch(write())).status).toBe(429);
    expect((await fetch(new Request("http://api.test/api/city/"))).status).toBe(200);
    expect(called).toBe(1);
  });

  it("the session's refresh and logout pass free, even over the tier (a refused refresh would log the visitor out)", async () => {
    const limits = createLimits({ prefix: "p4" });
    await limits.consume("page", "203.0.113.4", TIERS.page.windows[0]!.points);
    const fetch = pageLimitedFetch(async () => ok(), limits, "203.0.113.4");
    expect((await fetch(write("/api/auth/refresh"))).status).toBe(200);
    expect((await fetch(new Request("http://api.test/api/auth/logout", { method: "DELETE", body: "{}" }))).status).toBe(200);
    expect((await fetch(write("/api/cart/recalculate"))).status).toBe(429);
  });

  it("a store that fails lets the visitor's write go, and says so in the log", async () => {
    const broken: Pick<Limits, "consume"> = { consume: async () => Promise.reject(new Error("store down")) };
    const logged: string[] = [];
    const fetch = pageLimitedFetch(async () => ok(), broken, "203.0.113.3", (m) => logged.push(m));
    expect((await fetch(write())).status).toBe(200);
    expect(logged).toEqual(["[limits] page limit unavailable: store down"]);
  });
});
