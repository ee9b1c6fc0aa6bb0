/**
 * MSW handler factories for the /api contract: scripted answer sequences that record every
 * request they receive, and the token refresh endpoint.
 */
import { http, HttpResponse, type HttpResponseResolver } from "msw";
import { API_BASE } from "./server.ts";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** What a handler saw, read eagerly so assertions do not depend on body streams. */
export interface SeenRequest {
  method: string;
  url: URL;
  /** The raw URL string, to check percent-encoding exactly. */
  href: string;
  authorization: string | null;
  contentType: string | null;
  accept: string | null;
  body: string;
}

export async function snapshot(request: Request): Promise<SeenRequest> {
  return {
    method: request.method,
    url: new URL(request.url),
    href: request.url,
    authorization: request.headers.get("authorization"),
    contentType: request.headers.get("content-type"),
    accept: request.headers.get("accept"),
    body: await request.clone().text(),
  };
}

/**
 * One scripted answer:
 * - a number: that status (2xx answers `{ data }` with the given default data, others the §8 error body),
 * - "network": a network failure,
 * - a function: any Response.
 */
export type Step = number | "network" | ((request: Request, seen: SeenRequest) => Response | Promise<Response>);

export const success = (data: unknown, status = 200) => HttpResponse.json({ data }, { status });
export const failure = (status: number, message = `Ошибка сервера ${status}`, errors: { field: string; message: string }[] = []) =>
  HttpResponse.json({ message, errors }, { status });

/**
 * Answers `path` (below /api) with `steps` in order; the last step repeats once the list is used up.
 * Returns the handler and the list of requests it received.
 */
export function scripted(method: Method, path: string, steps: Step[], data: unknown = { ok: true }) {
  const calls: SeenRequest[] = [];
  const resolver: HttpResponseResolver = async ({ request }) => {
    const seen = await snapshot(request);
    calls.push(seen);
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step === "network") return HttpResponse.error();
    if (typeof step === "function") return step(request, seen);
    if (step >= 200 && step < 300) return success(data, step);
    return failure(step);
  };
  return { handler: http[method](`${API_BASE}${path}`, resolver), calls };
}

/** POST /api/auth/refresh; `answer` gets the posted refresh token. */
export function refreshEndpoint(answer: (refreshToken: string | undefined, seen: SeenRequest) => Response | Promise<Response>) {
  const calls: SeenRequest[] = [];
  const handler = http.post(`${API_BASE}/auth/refresh`, async ({ request }) => {
    const seen = await snapshot(request);
    calls.push(seen);
    const body = JSON.parse(seen.body || "{}") as { refreshToken?: string };
    return answer(body.refreshToken, seen);
  });
  return { handler, calls };
}

/** A refresh answer in the §7 shape. */
export const authenticated = (token: string, refreshToken: string) => success({ authenticated: { token, refreshToken } });
