/**
 * docs/adding-a-page.md stays true (ADR 048): its code blocks are the real files, every file and
 * module it names exists, what it says about the page cache's query parameters and the e2e
 * servers is what the code does, and a new page written as it says (a copy of its module under
 * another path) is in the pages sitemap with no list edited.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { createSitemapService } from "#app/features/seo/sitemap.server.ts";
import { sitemapPages, type RouteManifest } from "#app/features/seo/sitemap-handle.ts";
import { DEFAULT_QUERY_ALLOW_LIST } from "#server/page-cache.ts";
import { routeManifest } from "#tests/support/route-manifest.ts";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const doc = read("docs/adding-a-page.md");
// Fenced blocks, also those indented inside a list item (closed at their own indent, then dedented).
const blocks = [...doc.matchAll(/^( *)```(\w+)\n([\s\S]*?)\n\1```/gm)].map((m) => ({
  lang: m[2]!,
  code: m[3]!.replace(new RegExp(`^ {0,${m[1]!.length}}`, "gm"), ""),
}));

describe("docs/adding-a-page.md", () => {
  it("step 1's module is the real app/routes/print-list.tsx, and it declares its sitemap entry", () => {
    const module = blocks.find((b) => b.lang === "tsx");
    expect(module?.code).toBe(read("app/routes/print-list.tsx").trimEnd());
    expect(module?.code).toContain("export const handle = { sitemap: true } satisfies SitemapHandle;");
  });

  it("step 2's route is in app/routes.ts under the layout it names, after the module exists (typegen needs the file)", () => {
    const step2 = blocks.find((b) => b.lang === "ts" && b.code.includes("route("))!.code;
    const [, layoutFile] = /layout\("([^"]+)"/.exec(step2)!;
    const [, pathName, file] = /route\("([^"]+)", "([^"]+)"\)/.exec(step2)!;
    const under = (routes as RouteConfigEntry[]).find((e) => e.file === layoutFile && e.path === undefined);
    expect(under?.children?.some((c) => c.path === pathName && c.file === file)).toBe(true);
    expect(existsSync(path.join(root, "app", file!))).toBe(true);
    expect(doc.indexOf("## 1. The module")).toBeLessThan(doc.indexOf("## 2. The route"));
  });

  it("step 4's browser test is the real one", () => {
    const test = blocks.find((b) => b.lang === "ts" && b.code.startsWith("test("))!.code;
    expect(read("tests/e2e/catalog-pages.spec.ts")).toContain(test);
  });

  it("names files that exist, and notFound with its module", () => {
    const named = [...doc.matchAll(/`((?:app|server|tests|docs|features|routes|components)\/[\w./-]+\.(?:tsx?|md))`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter((f) => !["", "app/"].some((prefix) => existsSync(path.join(root, prefix + f))));
    expect(missing).toEqual([]);
    expect(doc).toContain("`notFound(url.pathname)` (from `#app/lib/page-errors.server.ts`");
    expect(read("app/lib/page-errors.server.ts")).toMatch(/export function notFound\(/);
  });

  it("says which query parameters the page cache keeps, as the page cache does", () => {
    expect([...DEFAULT_QUERY_ALLOW_LIST]).toEqual(["page", "variant"]);
    expect(doc).toContain("only `page` (the post lists) and `variant`");
    expect(doc).toContain("`sort` left it (ADR 039)");
  });

  it("says the e2e servers never reuse what listens on their port, as playwright.config.ts does", () => {
    const config = read("playwright.config.ts");
    expect(config.match(/reuseExistingServer: false/g)).toHaveLength(2);
    expect(config).not.toMatch(/reuseExistingServer: (true|!)/);
    expect(doc).toContain("never use a server already listening there");
  });
});

describe("a new page written as the doc says", () => {
  const dir = path.join(root, "data", `doc-page-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is in the pages sitemap once its route is in the table: no list to edit", async () => {
    // Step 1: the module (the doc's, for a page of its own); step 2: its route under a layout.
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "gift-wrap.tsx");
    writeFileSync(file, blocks.find((b) => b.lang === "tsx")!.code.replaceAll('"/print"', '"/gift-wrap"'));
    const table = [layout("layouts/default.tsx", [route("print", "routes/print-list.tsx")])];
    const manifest: RouteManifest = await routeManifest(table);
    manifest["gift-wrap"] = { id: "gift-wrap", parentId: "layouts/default", path: "gift-wrap", module: (await import(/* @vite-ignore */ file)) as { handle?: unknown } };

    const backend: Backend = {
      baseUrl: "http://fake.internal/api",
      fetch: async (request) => {
        const type = new URL(request.url).pathname.split("/").pop();
        return Response.json({ data: { type, page: 1, pageSize: 50_000, total: 0, countPages: 0, entries: [] } });
      },
      ping: async () => true,
      close: async () => {},
      onChange: () => {},
      describe: "fake",
    };
    const sitemaps = createSitemapService(backend, 1000, async () => sitemapPages(manifest));
    const pages = await sitemaps.file("https://shop.example", "sitemap-pages.xml");
    expect(pages.status === 200 && pages.body).toContain("<loc>https://shop.example/gift-wrap</loc>");
    expect(pages.status === 200 && pages.body).toContain("<loc>https://shop.example/print</loc>");
  });
});
