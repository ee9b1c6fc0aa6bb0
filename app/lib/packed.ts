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
 *
 * Markup (ADR 013): parts of a page that the server builds as HTML (product grids, facet lists,
 * the menu and the footer) are `Markup` values. A document answer already contains that HTML, so
 * its page data carries only the id of the element that holds it, and the browser takes the markup
 * over from the document when it hydrates; the answers to client navigations carry the HTML itself.
 */
export interface Packed<T> {
  readonly json: string;
  /** Type only: never present at runtime. */
  readonly __value?: T;
}

/** HTML built by the server, placed as the inner HTML of the element with this `id`. */
export interface Markup {
  readonly id: string;
  /** Absent in the data of a document answer: the document holds it. */
  readonly html?: string;
}

/** Set only while `pack` stringifies the data of a document answer (JSON.stringify is synchronous). */
let packingDocument = false;

class ServerMarkup implements Markup {
  constructor(
    readonly id: string,
    readonly html: string,
  ) {}
  toJSON(): Markup {
    return packingDocument ? { id: this.id } : { id: this.id, html: this.html };
  }
}

/** `id` must be unique in the page and id-safe (see `markupId`). */
export function markup(id: string, html: string): Markup {
  return new ServerMarkup(id, html);
}

/** An id for an element from a data key ("attr:material" → "facet-attr-material"). */
export function markupId(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

const values = new WeakMap<object, unknown>();

/** `document`: the answer is an HTML document (not a client navigation's data request). */
export function pack<T>(value: T, { document }: { document: boolean }): Packed<T> {
  packingDocument = document;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    packingDocument = false;
  }
  const packed: Packed<T> = { json };
  values.set(packed, value);
  return packed;
}

export function unpack<T>(packed: Packed<T>): T {
  if (values.has(packed)) return values.get(packed) as T;
  const value = JSON.parse(packed.json) as T;
  values.set(packed, value);
  return value;
}

const adopted = new WeakMap<Markup, string>();

/** The props that place a markup value in its element: `<div className="…" {...markupProps(m)} />`. */
export function markupProps(value: Markup): { id: string; dangerouslySetInnerHTML: { __html: string } } {
  return { id: value.id, dangerouslySetInnerHTML: { __html: markupHtml(value) } };
}

/**
 * The HTML of a markup value: its own, or (data of a document answer, in the browser) the inner
 * HTML of its element, read once on hydration, before anything changes it, and kept with the value
 * so later renders of the same data place the same string.
 */
export function markupHtml(value: Markup): string {
  if (value.html !== undefined) return value.html;
  let html = adopted.get(value);
  if (html === undefined) {
    html = remembered.get(value.id) ?? (typeof document === "undefined" ? "" : (document.getElementById(value.id)?.innerHTML ?? ""));
    adopted.set(value, html);
  }
  return html;
}

/** Markup of the document read early by id (rememberMarkup), for values whose data comes later. */
const remembered = new Map<string, string>();

/**
 * In the browser, reads the inner HTML of the document's element `id` now, if it is there and has
 * not been read: for markup whose value arrives later (a deferred strip's promise), since React
 * may replace the server's elements of a Suspense boundary before that value arrives.
 */
export function rememberMarkup(id: string): void {
  if (typeof document === "undefined" || remembered.has(id)) return;
  const element = document.getElementById(id);
  if (element) remembered.set(id, element.innerHTML);
}
