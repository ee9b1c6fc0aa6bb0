import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import routes from "#app/routes.ts";
import UserLayoutRoute, { ErrorBoundary as UserErrorBoundary } from "./user.tsx";

interface Entry {
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

/** Each page file with the layout route it sits under (null: outside every layout). */
function pagesByLayout(entries: Entry[], layout: string | null = null): { path: string; file: string; layout: string | null }[] {
  return entries.flatMap((e) => {
    if (e.path === undefined && !e.index) return pagesByLayout(e.children ?? [], e.file.replace(/^layouts\/|\.tsx$/g, ""));
    return [{ path: e.index ? "/" : `/${e.path}`, file: e.file, layout }];
  });
}

describe("layouts as layout routes (§2, ADR 048)", () => {
  const pages = pagesByLayout(routes as Entry[]);
  const layoutOf = (path: string) => pages.find((p) => p.path === path)?.layout;

  it("has the five layouts of §2 as layout routes", () => {
    const layouts = (routes as Entry[]).filter((e) => e.path === undefined && !e.index).map((e) => e.file);
    expect(layouts.sort()).toEqual(["layouts/default.tsx", "layouts/kp.tsx", "layouts/search.tsx", "layouts/simple.tsx", "layouts/user.tsx"]);
  });

  it("puts each page under its layout: /route simple, the account user, search search, the rest default", () => {
    expect(layoutOf("/route")).toBe("simple");
    for (const path of ["/profile", "/profile/companies", "/profile/orders", "/profile/cp"]) expect(layoutOf(path), path).toBe("user");
    for (const path of ["/search", "/search/*"]) expect(layoutOf(path), path).toBe("search");
    for (const path of ["/", "/:page", "/contacts", "/catalog/goods/:id", "/cart", "/login", "/*"]) expect(layoutOf(path), path).toBe("default");
  });

  it("renders every page inside a layout, and no resource route (they render nothing)", () => {
    expect(pages.filter((p) => p.file.endsWith(".tsx") && p.layout === null).map((p) => p.path)).toEqual([]);
    expect(pages.filter((p) => p.file.endsWith(".ts") && p.layout !== null).map((p) => p.path)).toEqual([]);
  });

  it("shows an error of an account page inside the user layout, beside the account menu", async () => {
    const handler = createStaticHandler([
      {
        id: "layouts/user",
        Component: UserLayoutRoute,
        ErrorBoundary: UserErrorBoundary,
        children: [
          {
            id: "routes/profile",
            path: "/profile",
            loader: () => {
              throw new Response("Профиль недоступен", { status: 503 });
            },
            Component: () => <h1>Профиль</h1>,
          },
        ],
      },
    ]);
    const context = await handler.query(new Request("http://shop.test/profile"));
    if (context instanceof Response) throw new Error("a redirect");
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
    expect(html).toContain('data-layout="user"');
    expect(html).toContain('aria-label="Личный кабинет"');
    expect(html).toContain("Похоже, что такой страницы не существует.");
    expect(html).toContain("Профиль недоступен");
  });
});
