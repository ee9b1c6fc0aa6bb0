/**
 * The one place where the storefront calls /api (§7–§9): base path, bearer token from the
 * auth cookie, timeouts by call class, one retry for reads, §8 error mapping, 401 refresh.
 */
import { z } from "zod";
import { ApiErrorBody, buildPath, isWrite, type Endpoint, type Paged, type TimeoutClass } from "#contract/endpoint.ts";
import type { SharedCache } from "./cache.server.ts";

/** §8 error texts. */
export const DEFAULT_ERROR_MESSAGE = "Что-то пошло не так";
export const NO_RESPONSE_MESSAGE = "Ошибка";

/** §7: statuses a read is retried once on. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export interface ApiError {
  message: string;
  /** 0 when no response arrived at all. */
  status: number;
  /** Field errors, field → message (§5). */
  errors: Record<string, string>;
  /** order/create_unauth's 409: the order the Idempotency-Key already made (contract ApiErrorBody). */
  orderId?: number;
  /** kp/update's 409: the stored version and what differs from what was sent (ADR 051). */
  conflict?: { version: number; changes: { kind: string; key: string; title: string; from: string | number | null; to: string | number | null }[] };
  /** A 429's Retry-After in seconds (login limits: the form says how long to wait). */
  retryAfter?: number;
}

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError };

export interface AuthTokens {
  token: string;
  refreshToken: string;
}

export interface ApiClientOptions {
  /** Absolute base including /api (a trailing slash is ignored). */
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  /** Default timeout (REQUEST_TIMEOUT, §9). */
  defaultTimeoutMs: number;
  tokens?: Partial<AuthTokens> | null;
  /**
   * Called with new tokens (a refresh, or a pair the API handed out: adoptTokens), or once with
   * null when the session is over: a 401 that no refresh could cure (clear the cookies, §8).
   */
  onTokens?: (tokens: AuthTokens | null) => void;
  /**
   * Shared read cache for `shared` endpoints (catalogue reads), used only while the caller has no
   * token: their parsed answers are kept fresh and then served stale while one call refreshes them
   * (the cache's own lifetimes, context.server.ts), each counted as the bytes of its JSON. Failures
   * are never kept. Cached data is shared by every request and frozen: read only.
   */
  readCache?: SharedCache;
  /**
   * Headers sent with every call: the visitor's IP (CLIENT_IP_HEADER, for the API's per-IP auth
   * limits) and the origin the visitor used (X-Site-Origin, for links in letters when SITE_URL is unset).
   */
  headers?: Record<string, string>;
}

/** RFC 6750 §2.1 b64token: what a bearer token can be. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * The value as a bearer token, or undefined when it cannot be one. Cookies are the visitor's to
 * write: `token=%D0%BA` decodes to "к", which `Headers` refuses, and that refusal was a 500 on
 * every page (issue 16). An unusable token is no token.
 */
export function bearerToken(value: string | null | undefined): string | undefined {
  return value && value.length <= 8192 && BEARER_TOKEN.test(value) ? value : undefined;
}

/** The tokens with unusable values dropped (a refresh token goes in a JSON body, but is held to the same syntax). */
function usableTokens(tokens: Partial<AuthTokens> | null | undefined): Partial<AuthTokens> | null {
  if (!tokens) return null;
  const token = bearerToken(tokens.token);
  const refreshToken = bearerToken(tokens.refreshToken);
  return token || refreshToken ? { token, refreshToken } : null;
}

export function timeoutFor(kind: TimeoutClass, defaultMs: number): number {
  switch (kind) {
    case "init":
      return 25_000;
    case "favoriteGroups":
      return 15_000;
    case "catalog":
      return 100_000;
    case "upload":
      // A 10 MB upload or an order stored and mailed: never abandoned after the API kept it.
      return Math.max(60_000, defaultMs);
    default:
      return defaultMs;
  }
}

type InputOf<S> = [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : never;

type Input<E extends Endpoint> = {
  params?: InputOf<E["params"]>;
  query?: InputOf<E["query"]>;
  body?: InputOf<E["body"]>;
  /** Extra request headers (e.g. order/create_unauth's Idempotency-Key). */
  headers?: Record<string, string>;
};

type Data<E extends Endpoint> = z.output<E["response"]>;

export type ApiClient = ReturnType<typeof createApiClient>;

/** Appends a query object: arrays as key[]=v (§7 "groupIds[]"); undefined, null and "" skipped (also inside arrays). */
export function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams {
  const search = new URLSearchParams();
  if (!query) return search;
  const skip = (value: unknown) => value === undefined || value === null || value === "";
  for (const [key, value] of Object.entries(query)) {
    if (skip(value)) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (!skip(item)) search.append(`${key}[]`, String(item));
    } else search.append(key, String(value));
  }
  return search;
}

/**
 * Drops a body that will not be read, without waiting for it: cancelling one branch of a tee'd
 * body (a cloned or observed response) only settles once the other branch is consumed, so an
 * awaited cancel can hang the call forever.
 */
function discard(response: Response | null | undefined): void {
  response?.body?.cancel().catch(() => {});
}

/** §8 mapping of a failed response (or none) to the error the UI shows. */
export async function mapError(response: Response | null): Promise<ApiError> {
  if (!response) return { message: NO_RESPONSE_MESSAGE, status: 0, errors: {} };
  const error: ApiError = { message: DEFAULT_ERROR_MESSAGE, status: response.status, errors: {} };
  if (response.status >= 400 && response.status <= 499) {
    const body = ApiErrorBody.safeParse(await response.json().catch(() => null));
    if (body.success) {
      error.message = body.data.message || DEFAULT_ERROR_MESSAGE;
      for (const { field, message } of body.data.errors) error.errors[field] = message;
      if (body.data.orderId !== undefined) error.orderId = body.data.orderId;
      if (body.data.conflict !== undefined) error.conflict = body.data.conflict;
    }
    const retryAfter = Number(response.headers.get("Retry-After"));
    if (response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfter = Math.ceil(retryAfter);
  } else {
    // A 503 that says when to try again (kp/export: the documents' thread is full) carries the
    // API's Russian message; any other 5xx is §8's "Что-то пошло не так".
    const retryAfter = Number(response.headers.get("Retry-After"));
    if (response.status === 503 && Number.isFinite(retryAfter) && retryAfter > 0) {
      error.retryAfter = Math.ceil(retryAfter);
      const body = ApiErrorBody.safeParse(await response.json().catch(() => null));
      if (body.success && body.data.message) error.message = body.data.message;
    } else {
      discard(response);
    }
  }
  return error;
}

/** §7: the refresh answer, `data.authenticated` with the new token (and usually a new refresh token). */
const RefreshAnswer = z.object({
  data: z.object({
    authenticated: z.object({ token: z.string().regex(BEARER_TOKEN), refreshToken: z.string().regex(BEARER_TOKEN).nullish() }),
  }),
});

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  let tokens: Partial<AuthTokens> | null = usableTokens(options.tokens);
  /** The refresh in progress; every call that gets a 401 meanwhile waits for this one. */
  let refreshing: Promise<boolean> | null = null;

  /** One request. `token` is the bearer to send (none for auth calls such as the refresh). */
  async function send(
    method: string,
    url: string,
    body: BodyInit | null,
    contentType: string | null,
    timeoutMs: number,
    token: string | undefined,
    extraHeaders?: Record<string, string>,
    accept = "application/json",
  ): Promise<Response | null> {
    try {
      const headers = new Headers({ ...options.headers, ...extraHeaders });
      headers.set("Accept", accept);
      if (contentType) headers.set("Content-Type", contentType);
      if (token) headers.set("Authorization", `Bearer ${token}`);
      return await options.fetch(new Request(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) }));
    } catch {
      // Network failure, abort by timeout, or a request the runtime refuses: no response (§8).
      return null;
    }
  }

  /** The session is over (§8 "signed out locally"): the tokens are dropped and reported, once. */
  function endSession(): void {
    if (!tokens) return;
    tokens = null;
    options.onTokens?.(null);
  }

  /** Refreshes the tokens once for all concurrent callers; false (and tokens cleared) on failure. */
  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = tokens?.refreshToken;
      if (!refreshToken) return false;
      // Auth calls go without the (expired) session token (§7).
      const response = await send(
        "POST",
        `${baseUrl}/auth/refresh`,
        JSON.stringify({ refreshToken }),
        "application/json",
        options.defaultTimeoutMs,
        undefined,
      );
      const answer = response?.ok ? RefreshAnswer.safeParse(await response.json().catch(() => null)) : null;
      if (!answer?.success) discard(response);
      if (answer?.success) {
        const next: AuthTokens = {
          token: answer.data.data.authenticated.token,
          refreshToken: answer.data.data.authenticated.refreshToken || refreshToken,
        };
        tokens = next;
        options.onTokens?.({ ...next });
        return true;
      }
      tokens = null;
      options.onTokens?.(null);
      return false;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function call<E extends Endpoint>(endpoint: E, input: Input<E> = {} as Input<E>): Promise<ApiResult<Data<E>>> {
    const url = new URL(baseUrl + buildPath(endpoint.path, (input.params ?? {}) as Record<string, string>));
    url.search = toSearchParams(input.query as Record<string, unknown> | undefined).toString();
    const shared = options.readCache;
    if (shared && endpoint.shared && !isWrite(endpoint) && !tokens?.token) {
      return shared.get(url.href, async () => {
        // Always without a bearer, whatever tokens a concurrent refresh set meanwhile: the answer
        // is kept for every visitor, so it must be the anonymous one (comment `editable`).
        const { result, size } = await request(endpoint, input, url, true);
        // Shared by every request from now on: the cache freezes it, so a loader that mutates it fails loudly.
        return { value: result, cacheable: result.ok, size };
      });
    }
    return (await request(endpoint, input, url)).result;
  }

  /**
   * One call over the wire with §7's rules: the session header, one retry for reads, the 401
   * refresh. Answers the response (its body unread) or null when none arrived.
   */
  async function exchange<E extends Endpoint>(endpoint: E, input: Input<E>, url: URL, anonymous: boolean, accept: string): Promise<Response | null> {
    const timeoutMs = timeoutFor(endpoint.timeout, options.defaultTimeoutMs);
    const write = isWrite(endpoint);
    const authCall = endpoint.path.startsWith("/auth/");
    // §7: auth calls go without the session header (a dead one would refuse a login); logout keeps
    // it, so that a session without a refresh token still ends (the API ignores it when it is dead).
    const withSession = !anonymous && (!authCall || endpoint.id === "authLogout");

    /** A fresh body per request: a sent body stream cannot be sent again. */
    const encode = (): { body: BodyInit | null; contentType: string | null } => {
      if (input.body === undefined) return { body: null, contentType: null };
      if (endpoint.bodyKind === "form") {
        const form = new FormData();
        for (const [key, value] of Object.entries(input.body as Record<string, unknown>)) {
          if (value === undefined || value === null) continue;
          form.append(key, value instanceof Blob ? value : String(value));
        }
        return { body: form, contentType: null };
      }
      return { body: JSON.stringify(input.body), contentType: "application/json" };
    };

    /** One request with the current token; reports which token it carried. */
    const sendOnce = async () => {
      const token = withSession ? tokens?.token || undefined : undefined;
      const { body, contentType } = encode();
      return { response: await send(endpoint.method, url.href, body, contentType, timeoutMs, token, input.headers, accept), token };
    };

    /** §7: reads retry once on a network failure (timeouts included) or a transient status; writes never. */
    const attempt = async () => {
      const first = await sendOnce();
      if (write || (first.response !== null && !RETRY_STATUSES.has(first.response.status))) return first;
      discard(first.response);
      return sendOnce();
    };

    const first = await attempt();
    const sentToken = first.token;
    let response = first.response;

    // §4/§8: a 401 refreshes the tokens (once for all concurrent calls) and sends the call again.
    // This is separate from the transient retry above: the repeated call gets its own attempt.
    if (response?.status === 401 && !authCall && !anonymous) {
      const renewedMeanwhile = Boolean(tokens?.token) && tokens?.token !== sentToken;
      let retry = renewedMeanwhile || (Boolean(tokens?.refreshToken) && (await refresh()));
      if (!retry && sentToken) {
        // The token was refused and nothing renews it (no refresh token, or the refresh failed):
        // the visitor is signed out locally (§8), and a read is asked again as a guest's, so the
        // page is the one a guest sees, not an error (issue 25: the home page answered 404). A
        // write is not: it was meant to be done by the user, and its 401 goes back to the caller.
        endSession();
        retry = !write;
      }
      if (retry) {
        discard(response);
        ({ response } = await attempt());
      }
    }
    return response;
  }

  /** The call itself; `size` is the length of the answer's JSON (what the read cache counts, API_CACHE_MB). */
  async function request<E extends Endpoint>(endpoint: E, input: Input<E>, url: URL, anonymous = false): Promise<{ result: ApiResult<Data<E>>; size: number }> {
    const response = await exchange(endpoint, input, url, anonymous, "application/json");
    if (!response || !response.ok) return { result: { ok: false, error: await mapError(response) }, size: 0 };

    const text = await response.text().catch(() => "");
    let json: { data?: unknown } | undefined;
    try {
      json = JSON.parse(text) as { data?: unknown };
    } catch {
      json = undefined;
    }
    const parsed = endpoint.response.safeParse(json?.data);
    if (!parsed.success) {
      return { result: { ok: false, error: { message: DEFAULT_ERROR_MESSAGE, status: response.status, errors: {} } }, size: 0 };
    }
    return { result: { ok: true, data: parsed.data as Data<E>, status: response.status }, size: text.length };
  }

  /**
   * A binary endpoint's answer (contract `binary`: kp/export) as a response whose body the caller
   * streams on, unread here; a failure is the §8 error as for any call (a 503's Retry-After kept).
   * Never cached, always with the caller's session: the browser never calls /api with the token.
   */
  async function stream<E extends Endpoint>(endpoint: E, input: Input<E> = {} as Input<E>): Promise<{ ok: true; response: Response } | { ok: false; error: ApiError }> {
    if (!endpoint.binary) throw new Error(`${endpoint.id} answers JSON: use call()`);
    const url = new URL(baseUrl + buildPath(endpoint.path, (input.params ?? {}) as Record<string, string>));
    url.search = toSearchParams(input.query as Record<string, unknown> | undefined).toString();
    const response = await exchange(endpoint, input, url, false, [...endpoint.binary, "application/json"].join(", "));
    if (!response || !response.ok || !response.body) return { ok: false, error: await mapError(response) };
    const type = response.headers.get("Content-Type")?.split(";")[0]?.trim() ?? "";
    if (!endpoint.binary.includes(type)) {
      discard(response);
      return { ok: false, error: { message: DEFAULT_ERROR_MESSAGE, status: response.status, errors: {} } };
    }
    return { ok: true, response };
  }

  /** §8: a failed list fetch silently gives the fallback (an empty list or empty paged shape). */
  async function list<E extends Endpoint>(endpoint: E, input: Input<E>, fallback: Data<E>): Promise<Data<E>> {
    const result = await call(endpoint, input);
    return result.ok ? result.data : fallback;
  }

  return {
    call,
    list,
    stream,
    /**
     * The tokens now (after a refresh, the new ones). A method, not a getter: an object literal
     * with an accessor keeps it in the old generation, and with it this client's whole request.
     */
    currentTokens() {
      return tokens;
    },
    /**
     * A pair the API handed out outside a refresh (a password change ends every other session and
     * answers this one's new pair): later calls use it, and onTokens stores it.
     */
    adoptTokens(next: AuthTokens) {
      const usable = usableTokens(next);
      if (!usable?.token || !usable.refreshToken) return;
      tokens = usable;
      options.onTokens?.({ token: usable.token, refreshToken: usable.refreshToken });
    },
  };
}

export type { Paged };
