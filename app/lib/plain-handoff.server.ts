/**
 * React Router writes each document's loader data into the page as a turbo-stream (v2): it
 * encodes the data into a web stream (with its own abort controller, timer and promise chain),
 * and `StreamTransfer` reads it back chunk by chunk inside a Suspense boundary, suspending the
 * render once per chunk. For data with nothing deferred that is ~9 % of a page's CPU for one line
 * of text (ADR 021). Two postinstall patches (scripts/patch-dependencies.mjs) ask this module
 * first: data made only of plain objects, arrays, strings, numbers, booleans, null and undefined
 * is encoded here at once, into the same text React Router's encoder writes, and `StreamTransfer`
 * finds both of its chunks already read. Anything else (a promise, a Date, an Error, a class
 * instance, a symbol key...) answers undefined and goes the usual way.
 */

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
 * The turbo-stream text of `input` (its single line, newline included), exactly as React Router's
 * encoder writes it when nothing is deferred; undefined when `input` holds anything but plain data.
 * Same order of indices: values are numbered as first met, keys before their values, and taken
 * from a stack (last in, first out); equal strings and the same object share one index.
 */
export function encodePlainTurboStream(input: unknown): string | undefined {
  const root = codeOf(input);
  if (root !== undefined) return `${root}\n`;
  const indices = new Map<unknown, number>([[input, 0]]);
  const stack: Array<[unknown, number]> = [[input, 0]];
  const out: string[] = [];
  let next = 1;
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
  while (stack.length > 0) {
    const [value, index] = stack.pop() as [unknown, number];
    switch (typeof value) {
      case "boolean":
      case "number":
      case "string":
        out[index] = JSON.stringify(value);
        break;
      case "object": {
        const object = value as object;
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
          return undefined;
        }
        break;
      }
      default:
        return undefined;
    }
  }
  return `[${out.join(",")}]\n`;
}

/** What the patched `renderHtml` takes instead of its web stream: the text, and a reader never used. */
export interface PlainHandoff {
  storefrontText: string;
  getReader(): null;
}

const HOOK = Symbol.for("storefront.plainHandoff");

/** Installs the hook the patched React Router calls (once per process; both bundles may call it). */
export function installPlainHandoff(): void {
  (globalThis as { [HOOK]?: (data: unknown) => PlainHandoff | undefined })[HOOK] ??= (data) => {
    const text = encodePlainTurboStream(data);
    return text === undefined ? undefined : { storefrontText: text, getReader: () => null };
  };
}
