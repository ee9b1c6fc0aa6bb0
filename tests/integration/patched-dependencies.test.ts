import { execFileSync } from "node:child_process";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createRequestHandler,
  createStaticHandler,
  createStaticRouter,
  Scripts,
  ServerRouter,
  type EntryContext,
  type ServerBuild,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";
import { encodePlainTurboStream, installPlainHandoff } from "#app/lib/plain-handoff.server.ts";

// scripts/patch-dependencies.mjs (postinstall, ADR 018).
describe("patched dependencies", () => {
  it("React Router's static router has plain properties, no accessors, with the same values", async () => {
    const handler = createStaticHandler([
      { id: "root", path: "/", loader: () => ({ shop: "Подарки" }), children: [{ id: "catalog", path: "catalog", loader: () => [1, 2] }] },
    ]);
    const context = (await handler.query(new Request("http://localhost/catalog?page=2"))) as StaticHandlerContext;
    const router = createStaticRouter(handler.dataRoutes, context);

    for (const key of ["basename", "future", "state", "routes", "manifest", "window"]) {
      const descriptor = Object.getOwnPropertyDescriptor(router, key);
      expect(descriptor, key).toBeDefined();
      expect(descriptor?.get, key).toBeUndefined();
    }
    expect(router.basename).toBe("/");
    expect(router.window).toBeUndefined();
    expect(router.routes.map((route) => route.id)).toEqual(["root"]);
    expect(router.future).toMatchObject({ v8_middleware: false });
    expect(router.state).toMatchObject({
      historyAction: "POP",
      location: { pathname: "/catalog", search: "?page=2" },
      loaderData: { root: { shop: "Подарки" }, catalog: [1, 2] },
      initialized: true,
      navigation: { state: "idle" },
    });
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "catalog"]);
    expect(() => router.navigate("/")).toThrow(/stateless environment/);
  });

  it("React Router's static router converts one route tree once, and each render keeps its own state", async () => {
    const routes = [{ id: "root", path: "/", loader: () => "Подарки", children: [{ id: "print", path: "print/:id", loader: () => 1 }] }];
    const handler = createStaticHandler(routes);
    const first = (await handler.query(new Request("http://localhost/print/1"))) as StaticHandlerContext;
    const second = (await handler.query(new Request("http://localhost/"))) as StaticHandlerContext;
    const a = createStaticRouter(handler.dataRoutes, first);
    const b = createStaticRouter(handler.dataRoutes, second);
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((match) => match.route.id)).toEqual(["root", "print"]);
    expect(b.state.matches.map((match) => match.route.id)).toEqual(["root"]);
    expect(a.state.location.pathname).toBe("/print/1");
    expect(b.state.location.pathname).toBe("/");
    // Another tree (another build) is converted on its own.
    const other = createStaticHandler([{ id: "root", path: "/", loader: () => "Каталог" }]);
    expect(createStaticRouter(other.dataRoutes, second).routes).not.toBe(a.routes);
  });

  it("the patch script is idempotent: a second run changes nothing and succeeds", () => {
    expect(execFileSync(process.execPath, ["scripts/patch-dependencies.mjs"], { encoding: "utf8" })).toBe("");
  });
});

describe("React Router's document data, plain data encoded at once (ADR 021)", () => {
  /** A one-route build whose entry renders synchronously: a boundary that suspends renders nothing. */
  function buildWith(loaderData: unknown): ServerBuild {
    const Root = () => createElement("html", null, createElement("body", null, createElement("main", null, "Подарки"), createElement(Scripts)));
    return {
      entry: {
        module: {
          default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
            new Response(`<!DOCTYPE html>${renderToString(createElement(ServerRouter, { context, url: request.url }))}`, { status, headers }),
        },
      },
      routes: { root: { id: "root", path: "", module: { default: Root, loader: () => loaderData } } },
      assets: {
        entry: { module: "/entry.js", imports: [] },
        routes: { root: { id: "root", path: "", module: "/root.js", hasLoader: true, hasAction: false, hasClientLoader: false, hasClientAction: false, hasClientMiddleware: false, hasErrorBoundary: false, imports: [] } },
        url: "/manifest.js",
        version: "1",
      },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
      basename: "/",
    } as unknown as ServerBuild;
  }

  const page = async (loaderData: unknown) => (await createRequestHandler(buildWith(loaderData), "production")(new Request("http://localhost/"))).text();

  it("writes plain data into the page without suspending, as the browser's decoder reads it", async () => {
    installPlainHandoff();
    const html = await page({ city: "Москва", prices: [10, 20], missing: null });
    const enqueued = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/.exec(html)?.[1];
    expect(enqueued).toBeDefined();
    expect(JSON.parse(enqueued as string)).toBe(encodePlainTurboStream({ loaderData: { root: { city: "Москва", prices: [10, 20], missing: null } }, actionData: null, errors: null }));
    expect(html).toContain("window.__reactRouterContext.streamController.close();");
  });

  it("leaves other data to React Router's stream (which a synchronous render cannot wait for)", async () => {
    installPlainHandoff();
    const html = await page({ when: new Date(0) });
    expect(html).toContain("<main>Подарки</main>");
    expect(html).not.toContain("streamController.enqueue(");
  });
});
