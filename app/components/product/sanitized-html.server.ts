/**
 * sanitizeHtml (§5) through a small memo: DOMPurify over jsdom costs ~19 ms of event loop per
 * call here, and product descriptions, print-type pages and order-info blocks repeat on every
 * request. Keyed by the HTML itself, so a changed text is sanitised afresh; least recently used
 * entries go first. (A candidate for app/lib/sanitize.server.ts itself.)
 */
import { sanitizeHtml } from "#app/lib/sanitize.server.ts";

const MAX_ENTRIES = 2000;
const memo = new Map<string, Promise<string>>();

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
  if (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
  return result;
}
