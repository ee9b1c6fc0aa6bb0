import { execFileSync } from "node:child_process";
import { createStaticHandler, createStaticRouter, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";

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
