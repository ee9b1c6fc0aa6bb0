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

  it("the patch script is idempotent: a second run changes nothing and succeeds", () => {
    expect(execFileSync(process.execPath, ["scripts/patch-dependencies.mjs"], { encoding: "utf8" })).toBe("");
  });
});
