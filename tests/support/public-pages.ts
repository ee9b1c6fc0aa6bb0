/**
 * The shop's pages for the site-wide browser checks, from the route table and the routes' own
 * sitemap entries (ADR 048), never from a hand list: a new public page is checked as soon as its
 * route declares `handle = { sitemap: … }`, and a new page route without a parameter as soon as it
 * is in app/routes.ts.
 */
import type { APIRequestContext } from "@playwright/test";
import routes from "#app/routes.ts";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

export interface PageRoute {
  /** "/catalog/:slug", "/bestoffers/*", "/". */
  pattern: string;
  file: string;
  /** The layout route it is under ("default", "user"…); null for resource routes. */
  layout: string | null;
}

function flatten(entries: RouteEntry[], prefix = "", layout: string | null = null): PageRoute[] {
  return entries.flatMap((e) => {
    // A layout route: no path of its own, its children keep the prefix.
    if (e.path === undefined && !e.index) return flatten(e.children ?? [], prefix, e.file.replace(/^layouts\/|\.tsx$/g, ""));
    const pattern = e.index ? prefix || "/" : `${prefix}/${e.path ?? ""}`.replace(/\/+/g, "/");
    return [{ pattern, file: e.file, layout }, ...flatten(e.children ?? [], pattern === "/" ? "" : pattern, layout)];
  });
}

/** A resource route (JSON, a redirect, a file) is a `.ts` module; pages are `.tsx`. */
export const PAGE_ROUTES: PageRoute[] = flatten(routes as RouteEntry[]).filter((r) => r.file.endsWith(".tsx"));

/** A page route whose path has no parameter: its one URL is its pattern. */
export const isPlainPath = (pattern: string) => !/[:*]/.test(pattern);

/** "/brands/:slug/*" → /^\/brands\/[^/]+(?:\/.*)?$/ (a splat may be empty). */
function patternRegex(pattern: string): RegExp {
  const segments = pattern.split("/").filter(Boolean);
  const body = segments.map((s) => (s === "*" ? "(?:/.*)?" : s.startsWith(":") ? "/[^/]+" : `/${s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")}`)).join("");
  return new RegExp(`^${body || "/"}$`);
}

/** The route a path opens, ranked as React Router does: more plain segments first, then a parameter before a splat. */
export function routeOf(path: string): PageRoute | undefined {
  const plain = (p: string) => p.split("/").filter((s) => s && !s.startsWith(":") && s !== "*").length;
  const rank = (p: string) => (p.includes("*") ? 2 : p.includes(":") ? 1 : 0);
  return PAGE_ROUTES.filter((r) => patternRegex(r.pattern).test(path)).sort((a, b) => plain(b.pattern) - plain(a.pattern) || rank(a.pattern) - rank(b.pattern))[0];
}

export interface PublicPage extends PageRoute {
  path: string;
}

/** Every page of /sitemap-pages.xml (what routes declare, and the print types), with its route. */
export async function publicPages(request: APIRequestContext): Promise<PublicPage[]> {
  const xml = await (await request.get("/sitemap-pages.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return paths.map((path) => {
    const route = routeOf(path);
    if (!route) throw new Error(`${path} is in the pages sitemap but no page route opens it`);
    return { ...route, path };
  });
}
