/**
 * A page declares its own entry in /sitemap-pages.xml through its route module's `handle`
 * (ADR 048), so a new public page needs no list elsewhere:
 *
 *     export const handle = { sitemap: true } satisfies SitemapHandle;
 *
 * The sitemap service reads the handles from the server build's route manifest. Pages listed by
 * data (categories, brands, products, print types, posts) come from the API's SEO endpoints.
 */
export interface SitemapHandle {
  sitemap?: SitemapDeclaration;
}

export type SitemapDeclaration =
  /** The route's own path, which has no `:param` (a trailing `/*` is dropped: /bestoffers/* lists /bestoffers). */
  | true
  | {
      /** The paths to list instead of the route's own: a `:param` route names its public instances. */
      paths?: readonly string[];
      /**
       * Listed only when the content service has a page of this slug (the path without its "/"),
       * with that page's lastmod: a content page the editors have not published stays out.
       */
      content?: boolean;
    };

/** One URL of the pages sitemap, declared by a route. */
export interface SitemapPage {
  path: string;
  content: boolean;
}

/** What the sitemap needs of a route in the server build's manifest (`build.routes`). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { handle?: unknown };
}

export type RouteManifest = Record<string, ManifestRoute | undefined>;

/** The full URL pattern of a route: its own path after its parents' (layouts add none). */
export function routePattern(routes: RouteManifest, route: ManifestRoute): string {
  const segments: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) segments.unshift(r.path.replace(/^\/+|\/+$/g, ""));
  }
  return `/${segments.filter(Boolean).join("/")}`;
}

/** Every page a route's handle declares, in route table order, each path once. */
export function sitemapPages(routes: RouteManifest): SitemapPage[] {
  const pages = new Map<string, SitemapPage>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const declared = (route.module.handle as SitemapHandle | undefined)?.sitemap;
    if (!declared) continue;
    const options = declared === true ? {} : declared;
    const own = routePattern(routes, route).replace(/\/\*$/, "") || "/";
    if (!options.paths && /[:*]/.test(own)) {
      throw new Error(`Route ${route.id} (${own}) declares a sitemap entry but has a dynamic segment: name its paths (handle.sitemap.paths).`);
    }
    for (const path of options.paths ?? [own]) {
      if (!pages.has(path)) pages.set(path, { path, content: options.content ?? false });
    }
  }
  return [...pages.values()];
}
