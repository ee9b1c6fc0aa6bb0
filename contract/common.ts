/**
 * Building blocks shared by the domain contracts. Query and path values arrive as strings, so
 * their numbers are coerced; `z.coerce.number<number>()` keeps the client-side input type `number`.
 */
import { z } from "zod";
import { MAX_DB_ID } from "./limits.ts";
import { normalizePhone } from "./phone.ts";

export { MAX_DB_ID, isDbId } from "./limits.ts";
export { normalizePhone } from "./phone.ts";

/** A request names no such record: an id above int4 cannot exist (and would be a database error). */
export const ID_TOO_LARGE_MESSAGE = "Такой записи нет: номер слишком большой";

/** Database ids are positive integers that fit PostgreSQL's `integer` (MAX_DB_ID). */
export const id = () =>
  z
    .number()
    // int() refuses numbers beyond 2^53 itself ("too big"): the same message as over MAX_DB_ID.
    .int({ error: (issue) => (issue.code === "too_big" ? ID_TOO_LARGE_MESSAGE : undefined) })
    .positive()
    .max(MAX_DB_ID, ID_TOO_LARGE_MESSAGE);

/** An id in a path or query string ("12" → 12); like id(), at most MAX_DB_ID. */
export const idParam = () =>
  z.coerce
    .number<number>()
    .int({ error: (issue) => (issue.code === "too_big" ? ID_TOO_LARGE_MESSAGE : undefined) })
    .positive()
    .max(MAX_DB_ID, ID_TOO_LARGE_MESSAGE);

/** `{id}` path parameter, the most common one. */
export const IdParams = z.object({ id: idParam() });

/** Money in rubles, kopecks as decimals (the API stores numeric(12,2)). */
export const money = () => z.number().nonnegative();

/** §5: a print run / cart count is selectable up to 999999. */
export const MAX_PRINT_RUN = 999_999;
export const quantity = () =>
  z
    .number({ error: "Укажите количество числом" })
    .int("Количество — целое число")
    .min(1, "Количество — не меньше 1")
    .max(MAX_PRINT_RUN, "Количество — не больше 999 999");

/** Timestamps are ISO 8601 (the server writes `toISOString()`). */
export const isoDateTime = () => z.iso.datetime({ offset: true });

/** Calendar dates travel as YYYY-MM-DD (§9 offer filter dates, birthdate). */
export const isoDate = () => z.iso.date();

/** Absolute or root-relative URL of an image or file. */
export const url = () => z.string().min(1);

/** A page number in a query string; pages start at 1. */
export const pageQuery = () => z.coerce.number<number>().int().min(1).default(1);

/** A page size in a query string. */
export const limitQuery = (fallback: number, max = 100) => z.coerce.number<number>().int().min(1).max(max).default(fallback);

/** A non-negative number in a query string (price bounds). */
export const numberQuery = () => z.coerce.number<number>().nonnegative();

/**
 * A repeated query parameter. The client sends arrays as `key[]=a&key[]=b` (§7 "groupIds[]");
 * `queryFromSearchParams` turns that back into `{ key: ["a", "b"] }`.
 */
export const idsQuery = (max: number) =>
  // Not capped at MAX_DB_ID: lists (favourites, comparison) come from local storage, and an id that
  // cannot exist is dropped by the service (it names nothing), not a reason to refuse the rest.
  z.array(z.coerce.number<number>().int().positive()).max(max);

export const SortOrder = z.enum(["asc", "desc"]);
export type SortOrder = z.infer<typeof SortOrder>;

/** §7 answers like `data.success` (comment delete, logout…). */
export const Success = z.object({ success: z.boolean() });
export type Success = z.infer<typeof Success>;

/**
 * Phone as typed in a masked input (§5 masks), e.g. "+7 (921) 123-45-67". The server keeps digits only.
 */
export const PHONE_FORMAT_MESSAGE = "Неверный формат телефона";
export const phone = () =>
  z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{10,20}$/, PHONE_FORMAT_MESSAGE)
    // A Russian number (contract/phone.ts): what the API stores is normalizePhone's answer.
    .refine((value) => normalizePhone(value) !== null, PHONE_FORMAT_MESSAGE);

/** No server-side trim: zod runs the format check before a chained `.trim()`, so the form trims before sending. */
export const email = () => z.email("Неверный формат e-mail");

/**
 * Server side of the query convention: `key[]` → array (even with one value), `key` → string.
 * Feed the result to an endpoint's `query` schema.
 */
export function queryFromSearchParams(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of search) {
    if (rawKey.endsWith("[]")) {
      const key = rawKey.slice(0, -2);
      const list = out[key];
      if (Array.isArray(list)) list.push(value);
      else out[key] = [value];
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}
