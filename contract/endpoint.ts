import { z } from "zod";
import { KpConflict } from "./kp-changes.ts";

/**
 * Timeout classes of §9. The API client maps each class to milliseconds
 * (default = REQUEST_TIMEOUT or 6000; init 25000; favoriteGroups 15000; catalog 100000;
 * upload 60000). `upload` is for writes that carry or store a lot at once (a 10 MB file, an
 * order with its lines and letter): abandoning one after the API stored it loses the answer.
 */
export type TimeoutClass = "default" | "init" | "favoriteGroups" | "catalog" | "upload";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How the request body travels: JSON, or multipart form data (§7 "form data where noted"). */
export type BodyKind = "json" | "form";

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable identifier, also the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Path below /api with {param} placeholders, e.g. "/static_page/detail/{slug}". */
  path: string;
  tag: string;
  summary: string;
  /** True when the call needs the bearer token (§6). */
  auth?: boolean;
  timeout: TimeoutClass;
  /**
   * The answer is the same for every anonymous caller (catalogue reads): a storefront may keep it
   * in a shared read cache for a short time. Never set on calls whose answer depends on the user.
   */
  shared?: boolean;
  bodyKind?: BodyKind;
  /**
   * The answer is a file's bytes in one of these media types (with Content-Disposition), not the
   * `{ data }` envelope; errors still answer ApiErrorBody. The storefront streams it (api-client `stream`).
   */
  binary?: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` inside the success envelope `{ data }` (a binary answer: a description of the bytes). */
  response: R;
}

export function endpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

/** Writes are never retried (§7). */
export function isWrite(e: Pick<Endpoint, "method">): boolean {
  return e.method !== "GET";
}

/** Fills "{name}" placeholders of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The error envelope every failing /api call answers with (§5: field/message pairs). */
export const ApiErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).default([]),
  /**
   * order/create_unauth's 409 (the Idempotency-Key already made an order from another body): that
   * order's id, so the client can show it rather than lose it (ADR 025). Absent elsewhere.
   */
  orderId: z.number().int().positive().optional(),
  /** kp/update's 409 (ADR 051): the stored version of the offer and what differs from what was sent. */
  conflict: KpConflict.optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Paged list (§3): pageLimit, countItems, countPages, elements. */
export function paged<T extends z.ZodType>(element: T) {
  return z.object({
    pageLimit: z.number().int(),
    countItems: z.number().int(),
    countPages: z.number().int(),
    elements: z.array(element),
  });
}

export type Paged<T> = { pageLimit: number; countItems: number; countPages: number; elements: T[] };

export const emptyPaged = <T>(pageLimit = 10): Paged<T> => ({ pageLimit, countItems: 0, countPages: 0, elements: [] });
