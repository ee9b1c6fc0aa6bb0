/**
 * §5: HTML from the content service is sanitised before display, by `sanitize-html` (an allow-list
 * over htmlparser2) in the server's own thread (ADR 053, which replaces ADR 019's DOMPurify over
 * jsdom in a worker thread: jsdom's thread was ~40 MB of the server's peak RSS and ~19 ms of CPU a
 * text; this parser is a fraction of a millisecond and a few hundred KB).
 *
 * What stays: the structure of an article or a product description (headings, paragraphs, lists,
 * tables, links, pictures, emphasis). What goes: scripts and styles with their content, forms and
 * their controls, frames, objects and embeds, every `on…` handler and `style` attribute, and any
 * link or picture whose address is not http(s), mailto: or tel: (so no `javascript:` and no
 * `data:`). The text of a removed tag stays (a `<font>` around a word keeps the word).
 */
import { LRUCache } from "lru-cache";
import sanitize from "sanitize-html";

const ALLOWED_TAGS = [
  ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code", "div", "span"],
  ...["b", "strong", "i", "em", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "abbr", "cite", "q"],
  ...["ul", "ol", "li", "dl", "dt", "dd"],
  ...["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ...["a", "img", "figure", "figcaption", "picture", "source"],
];

/** An id that names an anchor and nothing else: a word (no "__" prefix that could shadow a page global). */
const PLAIN_ID = /^[\p{L}][\p{L}\d_-]{0,63}$/u;
const plainId: sanitize.Transformer = (tagName, attribs) => {
  const { id, ...rest } = attribs;
  return { tagName, attribs: id !== undefined && PLAIN_ID.test(id) ? { ...rest, id } : rest };
};

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    "*": ["class", "title", "lang", "dir"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "width", "height", "loading"],
    source: ["srcset", "sizes", "media", "type"],
    td: ["colspan", "rowspan", "align"],
    th: ["colspan", "rowspan", "scope", "align"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "type", "reversed"],
    abbr: ["title"],
    q: ["cite"],
    blockquote: ["cite"],
    // A heading keeps its id (an article's contents link to it), when the id is a plain word.
    ...Object.fromEntries(["h1", "h2", "h3", "h4", "h5", "h6"].map((h) => [h, ["id"]])),
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"], source: ["http", "https"] },
  allowProtocolRelative: false,
  // The content of these goes with them; other removed tags leave their text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "iframe", "object", "embed", "form", "select", "button"],
  disallowedTagsMode: "discard",
  // A link that opens a new tab cannot reach back into the shop's page.
  transformTags: {
    a: (tagName, attribs) => (attribs.target === "_blank" ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs }),
    ...Object.fromEntries(["h1", "h2", "h3", "h4", "h5", "h6"].map((h) => [h, plainId])),
  },
};

/** The HTML with only what §5 allows (synchronous: the parser runs in a fraction of a millisecond). */
export function sanitizeHtmlNow(html: string): string {
  return sanitize(html, OPTIONS);
}

/** sanitizeHtml as a promise (its callers await it with the page's other data). */
export function sanitizeHtml(html: string): Promise<string> {
  try {
    return Promise.resolve(sanitizeHtmlNow(html));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * One memo per process (lru-cache bounded in bytes, ADR 049): the server entry and the route
 * modules are two bundles in production, each with its own copy of this module, so it lives on
 * `globalThis`.
 */
const SHARED = Symbol.for("storefront.html-sanitizer.memo");
const memo: LRUCache<string, string> = ((globalThis as { [SHARED]?: LRUCache<string, string> })[SHARED] ??= new LRUCache<string, string>({
  max: 2000,
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (clean, html) => html.length + clean.length,
}));

/**
 * sanitizeHtml through a small memo: product descriptions, brand and print-type texts and
 * order-info blocks repeat on every request. Keyed by the HTML itself, so a changed text is
 * sanitised afresh; least recently used go first; a text larger than the whole budget is not kept.
 */
export function sanitizedHtml(html: string): Promise<string> {
  if (!html) return Promise.resolve("");
  const hit = memo.get(html);
  if (hit !== undefined) return Promise.resolve(hit);
  const result = sanitizeHtml(html);
  void result.then((clean) => void memo.set(html, clean), () => {});
  return result;
}
