/**
 * Parts of the shell that are the same for every visitor until the content changes (the catalogue
 * menu's panel, the footer) are rendered to HTML once per content on the server instead of on
 * every request (ADR 023: the "rendering the shared header and footer once per content
 * change"). The HTML is exactly what React writes for the same elements, so the browser hydrates
 * the ordinary components against it: links are real `<Link>`s after hydration.
 *
 * The server half (app/layouts/parts/shell.server.tsx) renders the markup when it builds the shell data and
 * registers it under the data object the component receives; in the browser nothing is registered
 * and the children render (and hydrate) as usual. Components placed here must not put two text
 * nodes side by side (React separates them with `<!-- -->` in a streamed page but not in static
 * markup): a unit test holds every prerendered part to that.
 */
import { createElement, type ReactNode } from "react";

const prerendered = new WeakMap<object, string>();

/** Server: `html` is the static markup of the children rendered for `data`. */
export function registerPrerendered(data: object, html: string): void {
  prerendered.set(data, html);
}

/** `<as className>` with the children, or with their HTML rendered once for `data` (server only). */
export function Prerendered({ as, className, data, children }: { as: "div" | "footer"; className: string; data: object; children: ReactNode }) {
  const html = typeof document === "undefined" ? prerendered.get(data) : undefined;
  return html === undefined ? createElement(as, { className }, children) : createElement(as, { className, dangerouslySetInnerHTML: { __html: html } });
}
