import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

/** Where a browser would go from a page of http://shop.example when sent to `location`. */
const destination = (location: string) => new URL(location, "http://shop.example/page");

describe("safeRedirectPath (issue 16: never an open redirect)", () => {
  it.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/catalog/ruchki?sort=price_asc&page=2", "/catalog/ruchki?sort=price_asc&page=2"],
    ["/delivery#map", "/delivery#map"],
    ["/кр", "/%D0%BA%D1%80"],
    ["/\uFFFD", "/%EF%BF%BD"],
    ["/a b", "/a%20b"],
    ["/%FF", "/%FF"],
    ["/\\evil.com", "/evil.com"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    "/\u0000/evil.com",
    "//evil.com",
    "/\\/evil.com",
    "\\/evil.com",
    "/.//evil.com",
    "/..//evil.com",
    "/./\t/evil.com",
    "https://evil.com/",
    "http:evil.com",
    "javascript:alert(1)",
    " /about",
    "about",
    "",
  ])("%j stays on the site", (input) => {
    const path = safeRedirectPath(input);
    expect(destination(path).host).toBe("shop.example");
    expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
  });

  it("gives the fallback for what is not a path of this site", () => {
    expect(safeRedirectPath("//evil.com", "/catalog")).toBe("/catalog");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(42)).toBe("/");
    expect(safeRedirectPath(`/${"a".repeat(3000)}`)).toBe("/");
  });

  it("answers only what a Location header can carry", () => {
    for (const input of ["/кр", "/\uFFFD", "/\uD800", "/a\u0085b", "/\u2028"]) {
      expect(() => new Headers({ Location: safeRedirectPath(input) }), input).not.toThrow();
    }
  });
});
