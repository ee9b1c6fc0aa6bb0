/**
 * Page data sent to the browser as one JSON string instead of React Router's turbo-stream
 * encoding of every value (ADR 012). For the large, plain view models of the catalogue pages
 * (cards, facets, product details): the server stringifies them natively instead of walking
 * hundreds of values per request, and the browser decodes them with JSON.parse.
 *
 * - Only plain JSON data (no Date, Map, promises): deferred promises stay beside the packed part.
 * - On the server `unpack` returns the very object the loader packed (no parse); in the browser
 *   the parse is done once per loader answer.
 * - Read only: the unpacked value is shared by every render of that answer.
 */
export interface Packed<T> {
  readonly json: string;
  /** Type only: never present at runtime. */
  readonly __value?: T;
}

const values = new WeakMap<object, unknown>();

export function pack<T>(value: T): Packed<T> {
  const packed: Packed<T> = { json: JSON.stringify(value) };
  values.set(packed, value);
  return packed;
}

export function unpack<T>(packed: Packed<T>): T {
  if (values.has(packed)) return values.get(packed) as T;
  const value = JSON.parse(packed.json) as T;
  values.set(packed, value);
  return value;
}
