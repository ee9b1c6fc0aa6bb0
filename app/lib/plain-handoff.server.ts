/**
 * React Router writes each document's loader data into the page as a turbo-stream (v2): it
 * encodes the data into a web stream (with its own abort controller, timer and promise chain),
 * and `StreamTransfer` reads it back chunk by chunk inside a Suspense boundary, suspending the
 * render once per chunk (the data, then each deferred value, then the end): ~9 % of a page's CPU
 * (ADR 021). Two postinstall patches (scripts/patch-dependencies.mjs) ask this module first: data
 * made only of plain objects, arrays, strings, numbers, booleans, null and undefined, and deferred
 * values already settled, is encoded here at once into the same chunks React Router's encoder
 * writes, and `StreamTransfer` finds them all already read. Anything else (a pending promise, a
 * Date, an Error, a class instance, a symbol key...) answers undefined and goes the usual way.
 */
import { fulfilled } from "./settled.ts";

// turbo-stream v2's codes for values it does not store (react-router's vendored flatten.ts).
const HOLE = -1;
const NAN = -2;
const NEGATIVE_INFINITY = -3;
const NEGATIVE_ZERO = -4;
const NULL = -5;
const POSITIVE_INFINITY = -6;
const UNDEFINED = -7;

function codeOf(value: unknown): number | undefined {
  if (value === undefined) return UNDEFINED;
  if (value === null) return NULL;
  if (typeof value !== "number") return undefined;
  if (Number.isNaN(value)) return NAN;
  if (value === Number.POSITIVE_INFINITY) return POSITIVE_INFINITY;
  if (value === Number.NEGATIVE_INFINITY) return NEGATIVE_INFINITY;
  if (value === 0 && 1 / value < 0) return NEGATIVE_ZERO;
  return undefined;
}

const isPlainRecord = (value: object) => Object.getPrototypeOf(value) === Object.prototype && Object.getOwnPropertySymbols(value).length === 0;

/**
 * The turbo-stream chunks of `input` exactly as React Router's encoder writes them, or undefined
 * when `input` holds anything but plain data and deferred values already settled. The first chunk
 * is the data, each deferred value a `["P",index]` in it; then one `P<index>:` chunk per deferred
 * value, in the order of their indices (the order React Router's encoder sends promises that have
 * all settled). Values are numbered as first met, keys before their values, and taken from a stack
 * (last in, first out); equal strings and the same object share one index. A promise counts as
 * settled when `trackSettled` (app/lib/settled.ts) marked it fulfilled; a value it resolved to
 * that is already in the data, or that holds promises of its own, goes React Router's way.
 */
export function encodeTurboStreamChunks(input: unknown): string[] | undefined {
  const indices = new Map<unknown, number>();
  const out: string[] = [];
  const deferred: Array<[number, { value: unknown }]> = [];
  const stack: Array<[unknown, number]> = [];
  let next = 0;
  let promisesAllowed = true;
  const indexOf = (value: unknown): number => {
    const existing = indices.get(value);
    // React Router's `if (existing)`: index 0 (the root) is numbered again when met below it.
    if (existing) return existing;
    const code = codeOf(value);
    if (code !== undefined) return code;
    const index = next++;
    indices.set(value, index);
    stack.push([value, index]);
    return index;
  };
  /** Numbers `value` and everything in it; false when it holds something this encoder leaves alone. */
  const flatten = (value: unknown): boolean => {
    indexOf(value);
    while (stack.length > 0) {
      const [item, index] = stack.pop() as [unknown, number];
      switch (typeof item) {
        case "boolean":
        case "number":
        case "string":
          out[index] = JSON.stringify(item);
          break;
        case "object": {
          const object = item as object;
          if (Array.isArray(object)) {
            let text = "[";
            for (let i = 0; i < object.length; i++) text += (i ? "," : "") + (i in object ? indexOf(object[i]) : HOLE);
            out[index] = `${text}]`;
          } else if (isPlainRecord(object)) {
            const record = object as Record<string, unknown>;
            out[index] = `{${Object.keys(record)
              .map((key) => `"_${indexOf(key)}":${indexOf(record[key])}`)
              .join(",")}}`;
          } else {
            const settled = promisesAllowed && object instanceof Promise ? fulfilled(object) : undefined;
            if (!settled) return false;
            out[index] = `["P",${index}]`;
            deferred.push([index, settled]);
          }
          break;
        }
        default:
          return false;
      }
    }
    return true;
  };

  const root = codeOf(input);
  if (root !== undefined) return [`${root}\n`];
  if (!flatten(input)) return undefined;
  const chunks = [`[${out.join(",")}]\n`];
  let sent = out.length;
  promisesAllowed = false;
  for (const [id, { value }] of deferred.sort((a, b) => a[0] - b[0])) {
    const code = codeOf(value);
    if (code !== undefined) {
      chunks.push(`P${id}:${code}\n`);
      continue;
    }
    if (indices.get(value) || !flatten(value)) return undefined;
    chunks.push(`P${id}:[${out.slice(sent).join(",")}]\n`);
    sent = out.length;
  }
  return chunks;
}

/** The single chunk of data with nothing deferred (see encodeTurboStreamChunks). */
export function encodePlainTurboStream(input: unknown): string | undefined {
  const chunks = encodeTurboStreamChunks(input);
  return chunks?.length === 1 ? chunks[0] : undefined;
}

/** What the patched `renderHtml` takes instead of its web stream: the chunks, and a reader never used. */
export interface PlainHandoff {
  storefrontChunks: string[];
  getReader(): null;
}

const HOOK = Symbol.for("storefront.plainHandoff");

/** Installs the hook the patched React Router calls (once per process; both bundles may call it). */
export function installPlainHandoff(): void {
  (globalThis as { [HOOK]?: (data: unknown) => PlainHandoff | undefined })[HOOK] ??= (data) => {
    const chunks = encodeTurboStreamChunks(data);
    return chunks === undefined ? undefined : { storefrontChunks: chunks, getReader: () => null };
  };
}
