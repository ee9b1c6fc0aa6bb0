/**
 * §5: HTML from the content service is sanitised before display. DOMPurify (with jsdom on the
 * server) loads while the server waits for its database (server.ts), off the request path.
 */
import type DOMPurifyType from "isomorphic-dompurify";

let purifier: Promise<typeof DOMPurifyType> | null = null;

/** Starts loading DOMPurify + jsdom (about a second) while the server waits for its database. */
export function preloadSanitizer() {
  purifier ??= import("isomorphic-dompurify").then((m) => m.default);
  return purifier;
}

export async function sanitizeHtml(html: string): Promise<string> {
  const DOMPurify = await preloadSanitizer();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
  });
}

const MEMO_ENTRIES = 2000;
const memo = new Map<string, Promise<string>>();

/**
 * sanitizeHtml through a small memo: DOMPurify over jsdom costs ~19 ms of event loop per call, and
 * product descriptions, brand and print-type texts and order-info blocks repeat on every request.
 * Keyed by the HTML itself, so a changed text is sanitised afresh; least recently used go first.
 */
export function sanitizedHtml(html: string): Promise<string> {
  if (!html) return Promise.resolve("");
  const hit = memo.get(html);
  if (hit) {
    // Refresh its place in the LRU order.
    memo.delete(html);
    memo.set(html, hit);
    return hit;
  }
  const result = sanitizeHtml(html);
  memo.set(html, result);
  result.catch(() => memo.delete(html));
  if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
  return result;
}
