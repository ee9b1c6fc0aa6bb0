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
