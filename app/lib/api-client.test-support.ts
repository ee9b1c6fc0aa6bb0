/**
 * For route tests: the storefront's API client on a handler instead of the network, keeping a
 * copy of every request it sent (what the action asked the API, in order).
 */
import { createApiClient } from "./api-client.server.ts";

export const TEST_API = "http://api.test/api";
export type ApiHandler = (request: Request) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export function recordingApi(handler: ApiHandler) {
  const seen: Request[] = [];
  const api = createApiClient({
    baseUrl: TEST_API,
    defaultTimeoutMs: 1000,
    fetch: async (request) => {
      seen.push(request.clone());
      return handler(request);
    },
  });
  return { api, seen };
}

/** GET /profile's answer for the demo manager (manager@demo.ru) with these roles. */
export const managerProfile = (roles: string[] = ["ROLE_MANAGER"]) => ({
  id: 7,
  email: "manager@demo.ru",
  emailVerified: true,
  phone: "+79215550102",
  phoneVerified: true,
  activated: true,
  name: "Игорь Лебедев",
  birthdate: null,
  avatar: null,
  roles,
  manager: null,
  createdAt: "2026-01-10T09:00:00.000Z",
});

/** A loader's or action's arguments: the request, its URL and params, the load context with this client. */
export function routeArgs<Args>(request: Request, api: ReturnType<typeof createApiClient>, options: { isAuthenticated?: boolean; params?: Record<string, string> } = {}): Args {
  return { url: new URL(request.url), request, context: { api, isAuthenticated: options.isAuthenticated ?? true }, params: options.params ?? {} } as unknown as Args;
}

/** The status of what a loader or action threw: a Response (a redirect) or React Router's `data(…, { status })`. */
export const thrownStatus = (thrown: unknown): number | null =>
  thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } } | null)?.init?.status ?? null);

/** Where a thrown redirect goes. */
export const thrownLocation = (thrown: unknown): string | null => (thrown instanceof Response ? thrown.headers.get("Location") : null);
