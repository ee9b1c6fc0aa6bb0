// The import boundaries of docs/architecture.md ("Where code goes") are enforced by eslint.config.js:
// these tests prove the rule bites for both spellings of an import (the `#app/*` alias and the relative
// path), that the allowed directions stay clean, and that every temporary exception is still needed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const boundaryRules = new Set(["@typescript-eslint/no-restricted-imports", "no-restricted-syntax"]);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });
});

/** The boundary messages ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId && boundaryRules.has(m.ruleId) && m.severity === 2).map((m) => m.message);
}

describe("import boundaries", () => {
  it.each([
    ["api/catalog/new.ts", `import { formatPrice } from "#app/lib/format.ts"; formatPrice(1);`, "never imports app/"],
    ["api/catalog/new.ts", `import { formatPrice } from "../../app/lib/format.ts"; formatPrice(1);`, "never imports app/"],
    ["api/new.ts", `export { formatPrice } from "../app/lib/format.ts";`, "never imports app/"],
    ["api/catalog/new.ts", `export async function f() { return import("../../app/lib/format.ts"); }`, "never imports app/"],
    ["app/lib/new.ts", `import { cartItems } from "#app/features/cart/cart.ts"; cartItems;`, "import no feature"],
    ["app/lib/new.ts", `import { cartItems } from "../features/cart/cart.ts"; cartItems;`, "import no feature"],
    ["app/lib/new.ts", `import { ErrorPage } from "#app/components/error-page.tsx"; ErrorPage;`, "import no feature"],
    ["app/lib/new.ts", `import { Header } from "#app/layouts/parts/header.tsx"; Header;`, "import no feature"],
    ["app/routes/new.tsx", `import express from "express"; express();`, "server/ only"],
    ["app/features/cart/new.ts", `import type { Request } from "express"; export type R = Request;`, "server/ only"],
    ["app/lib/new.ts", `import { createRequestHandler } from "@react-router/express"; createRequestHandler;`, "server/ only"],
    ["app/features/cart/new.ts", `import { x } from "#server/security.ts"; x;`, "never the other way round"],
    ["app/features/cart/new.ts", `import { x } from "#api/index.ts"; x;`, "Only the server mounts api/"],
    ["contract/new.ts", `import { x } from "#api/index.ts"; x;`, "Only the server mounts api/"],
    ["contract/new.ts", `import { x } from "../app/lib/format.ts"; x;`, "never imports app/"],
    ["contract/new.ts", `import { x } from "#limits/limiter.ts"; x;`, "imports no other layer"],
    ["contract/new.ts", `import { x } from "../server/security.ts"; x;`, "never the other way round"],
    ["limits/new.ts", `import { x } from "#app/lib/format.ts"; x;`, "never imports app/"],
    ["app/features/cart/new.ts", `import { loader } from "#app/routes/viewed.ts"; loader;`, "Route modules are leaves"],
    ["app/components/new.tsx", `import { loader } from "../routes/viewed.ts"; loader;`, "Route modules are leaves"],
    // Shared UI knows no domain: a component that needs a feature belongs in that feature.
    ["app/components/new.tsx", `import { ProductCard } from "#app/features/catalog/product-card.tsx"; ProductCard;`, "imports no feature or layout"],
    ["app/components/ui/new.tsx", `import { cartItems } from "../../features/cart/cart.ts"; cartItems;`, "imports no feature or layout"],
    ["app/components/new.tsx", `import type { ProductCardView } from "#app/features/catalog/card-view.ts"; export type V = ProductCardView;`, "imports no feature or layout"],
    ["app/components/new.tsx", `export { Header } from "#app/layouts/parts/header.tsx";`, "imports no feature or layout"],
    ["app/components/new.tsx", `export const f = () => import("../features/search/autocomplete.tsx");`, "imports no feature or layout"],
    ["app/features/cart/new.tsx", `import { Footer } from "#app/layouts/parts/footer.tsx"; Footer;`, "Features never import a layout"],
    ["app/features/catalog/listing/new.tsx", `import { Header } from "../../../layouts/parts/header.tsx"; Header;`, "Features never import a layout"],
    ["app/lib/new.ts", `import type { loader } from "#app/routes/viewed.ts"; export type L = typeof loader;`, "import no feature"],
    ["limits/new.ts", `import { x } from "../api/index.ts"; x;`, "Only the server mounts api/"],
    ["contract/new.ts", `import { x } from "#shared/redis.ts"; x;`, "imports no other layer"],
    ["contract/new.ts", `import { x } from "../shared/changes.ts"; x;`, "imports no other layer"],
    ["shared/new.ts", `import { x } from "../limits/limiter.ts"; x;`, "imports no other layer"],
    ["shared/new.ts", `import { x } from "#app/lib/format.ts"; x;`, "never imports app/"],
    ["shared/new.ts", `import { x } from "../api/index.ts"; x;`, "Only the server mounts api/"],
    ["shared/new.ts", `import express from "express"; express();`, "server/ only"],
  ])("%s: %s is an error", async (filePath, code, message) => {
    const errors = await boundaryErrors(filePath, code);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toContain(message);
  });

  it.each([
    ["app/routes/new.tsx", `import { cartItems } from "#app/features/cart/cart.ts"; import { formatPrice } from "#app/lib/format.ts"; cartItems; formatPrice;`],
    ["app/features/cart/new.ts", `import { Icon } from "#app/components/ui/icon.tsx"; import { x } from "#contract/cart.ts"; Icon; x;`],
    ["app/lib/new.ts", `import { x } from "#contract/cart.ts"; import { y } from "./format.ts"; x; y;`],
    ["api/catalog/new.ts", `import { x } from "#contract/catalog.ts"; import { y } from "../../limits/limiter.ts"; import { Hono } from "hono"; x; y; Hono;`],
    ["limits/new.ts", `import { x } from "../shared/redis.ts"; x;`],
    ["api/new.ts", `import { x } from "../shared/changes.ts"; import { y } from "#shared/redis.ts"; x; y;`],
    ["server/new.ts", `import express from "express"; import { x } from "#app/lib/env.server.ts"; import { y } from "#api/index.ts"; express; x; y;`],
    ["app/components/new.tsx", `import type { loader } from "#app/routes/viewed.ts"; export type L = typeof loader;`],
    ["app/components/new.tsx", `import { Icon } from "./ui/icon.tsx"; import { AppLink } from "#app/lib/navigation.tsx"; import type { City } from "#contract/content.ts"; Icon; AppLink; export type C = City;`],
    ["app/layouts/parts/new.tsx", `import { CartEntry } from "#app/features/cart/cart-counter.tsx"; import { Logo } from "#app/components/logo.tsx"; CartEntry; Logo;`],
    ["app/components/new.test.tsx", `import { ProductCard } from "#app/features/catalog/product-card.tsx"; ProductCard;`],
    ["app/lib/new.test.ts", `import { cartItems } from "#app/features/cart/cart.ts"; cartItems;`],
  ])("%s: allowed imports lint clean", async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});

describe("temporary boundary exceptions", async () => {
  const { boundaryExceptions } = (await import(path.join(root, "eslint.config.js"))) as {
    boundaryExceptions: { file: string; allow: string[] }[];
  };

  it("each names a file inside a zone and only groups that zone forbids (the list is empty since issue 26)", async () => {
    const { boundaryZones } = (await import(path.join(root, "eslint.config.js"))) as { boundaryZones: Record<string, string[]> };
    for (const { file, allow } of boundaryExceptions) {
      const zones = Object.keys(boundaryZones).filter((dir) => file.startsWith(`${dir}/`));
      expect(zones, `${file} is in no boundary zone`).not.toEqual([]);
      const forbidden = new Set(zones.flatMap((dir) => boundaryZones[dir]));
      for (const group of allow) expect(forbidden.has(group), `${file}: "${group}" is not forbidden there`).toBe(true);
    }
  });

  it.each(boundaryExceptions.map((e) => [e.file, e] as const))("%s still needs its exception", async (file, { allow }) => {
    expect(existsSync(path.join(root, file)), `${file} no longer exists: drop it from boundaryExceptions in eslint.config.js`).toBe(true);
    // The same text in a sibling file that has no exception: every allowed group must still be reported.
    const sibling = path.join(path.dirname(file), `__boundary-check__${path.extname(file)}`);
    const errors = (await boundaryErrors(sibling, readFileSync(path.join(root, file), "utf8"))).join("\n");
    expect(errors, `${file}: nothing crosses a boundary any more: drop it from boundaryExceptions`).not.toBe("");
    for (const group of allow) {
      const marker = {
        express: "server/ only",
        api: "Only the server mounts api/",
        app: "never imports app/",
        server: "never the other way round",
        limits: "imports no other layer",
        shared: "imports no other layer",
        appUi: "import no feature",
        routes: "Route modules are leaves",
      }[group];
      expect(errors, `${file} no longer needs "${group}": drop it from its allow list`).toContain(marker);
    }
    // And with its exception, the real file lints clean of boundary errors.
    expect(await boundaryErrors(file, readFileSync(path.join(root, file), "utf8"))).toEqual([]);
  });
});
