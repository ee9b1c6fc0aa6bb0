/**
 * Binds a contract endpoint (contract/endpoint.ts) to a Hono handler: the path, method and
 * zod schemas come from the contract, so the reference API cannot drift from what the
 * storefront client expects. The handler returns the bare `data`; this wraps it in `{ data }`.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Endpoint } from "../../contract/index";
import { HttpError, validationError } from "./errors";
import { requireUser } from "../auth/session";

/** Russian zod messages for field errors (shown per field, §5), without touching zod's global config. */
const ruErrors = z.locales.ru().localeError;

type Out<S> = S extends z.ZodType ? z.output<S> : never;

export interface RouteInput<E extends Endpoint> {
  params: E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? Out<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Out<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? Out<B> : never;
}

export type RouteResult<E extends Endpoint> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R>
  ? z.input<R>
  : never;

/**
 * A handler's `data` already serialised (a cached answer's JSON, as text or UTF-8 bytes; ADR 049):
 * sent as it is, without parsing and serialising it again; parsed only when answers are validated.
 */
export class JsonText {
  constructor(readonly json: string | Uint8Array) {}
}

const DATA_OPEN = Buffer.from('{"data":');
const DATA_CLOSE = Buffer.from("}");

/** A binary endpoint's answer (contract `binary`) is a Response: the file, sent as it is. */
export type RouteAnswer<E extends Endpoint> = RouteResult<E> | JsonText | Response;

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>, c: Context) => RouteAnswer<E> | Promise<RouteAnswer<E>>;

export interface RouteOptions {
  /** Parse every answer with endpoint.response (tests, development): drift becomes a 500 at once. */
  validateResponses?: boolean;
}

/**
 * "/static_page/detail/{slug}" → "/static_page/detail/:slug". The trailing slash is dropped
 * ("/city/" → "/city"): the app is non-strict, so both spellings then reach the route.
 */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1").replace(/(.)\/$/, "$1");
}

/** Query string → object; `key[]=a&key[]=b` and repeated keys become arrays (§7 groupIds[], values[]). */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of url.searchParams) {
    const isArray = rawKey.endsWith("[]");
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const previous = out[key];
    if (previous === undefined) out[key] = isArray ? [value] : value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

function parse<S extends z.ZodType>(schema: S | undefined, value: unknown, source: "params" | "query" | "body") {
  if (!schema) return undefined;
  const result = schema.safeParse(value, { error: ruErrors });
  if (!result.success) throw validationError(result.error, source);
  return result.data;
}

async function readBody(c: Context, endpoint: Endpoint): Promise<unknown> {
  if (!endpoint.body) return undefined;
  if (endpoint.bodyKind === "form") {
    try {
      return await c.req.parseBody({ all: true });
    } catch {
      // A broken multipart body (no boundary, cut short) makes the platform's formData() throw.
      throw new HttpError(400, "Некорректные данные формы", [{ field: "body", message: "Некорректные данные формы" }]);
    }
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "Некорректный JSON в теле запроса", [{ field: "body", message: "Некорректный JSON" }]);
  }
}

export function route<E extends Endpoint>(app: Hono, endpoint: E, handler: RouteHandler<E>, options: RouteOptions = {}): void {
  app.on(endpoint.method, honoPath(endpoint.path), async (c) => {
    // Guard first (§6 `auth` of the contract): an anonymous caller gets the 401 (the storefront
    // refreshes on it, §4) before anything it sent is read, never a 400 about its body.
    if (endpoint.auth) requireUser(c);
    const input = {
      params: parse(endpoint.params, c.req.param(), "params"),
      query: parse(endpoint.query, queryObject(new URL(c.req.url)), "query"),
      body: parse(endpoint.body, await readBody(c, endpoint), "body"),
    } as RouteInput<E>;
    let data: unknown = await handler(input, c);
    if (data instanceof Response) {
      if (!endpoint.binary) throw new Error(`${endpoint.id} answers JSON: only a binary endpoint's handler returns a Response`);
      return data;
    }
    if (data instanceof JsonText) {
      const { json } = data;
      if (!options.validateResponses) {
        const body = typeof json === "string" ? `{"data":${json}}` : Buffer.concat([DATA_OPEN, json, DATA_CLOSE]);
        return c.body(body, 200, { "Content-Type": "application/json" });
      }
      data = JSON.parse(typeof json === "string" ? json : Buffer.from(json).toString("utf8")) as unknown;
    }
    if (options.validateResponses) {
      const checked = endpoint.response.safeParse(data);
      if (!checked.success) {
        throw new Error(`Response of ${endpoint.id} does not match the contract: ${z.prettifyError(checked.error)}`);
      }
      data = checked.data;
    }
    return c.json({ data });
  });
}
