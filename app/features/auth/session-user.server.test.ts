/** The root's session: the user from profileGet, anonymous after a failed refresh, still signed in when the API is down. */
import { describe, expect, it } from "vitest";
import { createApiClient } from "#app/lib/api-client.server.ts";
import { sessionUser } from "./session-user.server.ts";

const user = {
  id: 7, email: "user@demo.ru", emailVerified: true, phone: "+79215550101", phoneVerified: true, activated: false,
  name: "Ольга Петрова", birthdate: "1988-04-12", avatar: null, roles: ["ROLE_USER"], manager: null, createdAt: "2026-01-01T00:00:00.000Z",
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function context(handler: (request: Request) => Response, tokens: { token: string; refreshToken: string } | null = { token: "t", refreshToken: "r" }) {
  const calls: string[] = [];
  const cleared: (object | null)[] = [];
  const api = createApiClient({
    baseUrl: "http://api.test/api",
    defaultTimeoutMs: 1000,
    tokens,
    onTokens: (t) => cleared.push(t),
    fetch: async (request) => {
      calls.push(new URL(request.url).pathname);
      return handler(request);
    },
  });
  return { ctx: { api, isAuthenticated: Boolean(tokens) }, calls, cleared };
}

describe("sessionUser", () => {
  it("is anonymous without a token cookie, and asks nothing", async () => {
    const { ctx, calls } = context(() => json({}), null);
    expect(await sessionUser(ctx)).toEqual({ signedIn: false, user: null });
    expect(calls).toEqual([]);
  });

  it("gives the small user (verified = phone verified and activated), once per request", async () => {
    const { ctx, calls } = context(() => json({ data: user }));
    const [a, b] = await Promise.all([sessionUser(ctx), sessionUser(ctx)]);
    expect(a).toEqual({ signedIn: true, user: { id: 7, name: "Ольга Петрова", email: "user@demo.ru", phone: "+79215550101", roles: ["ROLE_USER"], verified: false } });
    expect(b).toBe(a);
    expect(calls).toEqual(["/api/profile"]);
  });

  it("a failed refresh is anonymous, and the cookies are cleared", async () => {
    const { ctx, calls, cleared } = context(() => json({ message: "Сессия истекла, войдите снова", errors: [] }, 401));
    expect(await sessionUser(ctx)).toEqual({ signedIn: false, user: null });
    // The profile is asked once more as a guest's (any read is, after the session ended): still 401.
    expect(calls).toEqual(["/api/profile", "/api/auth/refresh", "/api/profile"]);
    expect(cleared).toEqual([null]);
  });

  it("an API outage is not a logout", async () => {
    const { ctx } = context(() => new Response("", { status: 503 }));
    expect(await sessionUser(ctx)).toEqual({ signedIn: true, user: null });
  });
});
