import { describe, expect, it } from "vitest";
import { safeNavigationTarget } from "./navigation.ts";
import { FILTER_WORD_MESSAGE, pageNotFoundMessage, splitFilters } from "./filters.ts";

describe("safeNavigationTarget (§8)", () => {
  const origin = "https://example.ru";
  it("keeps same-origin paths", () => {
    expect(safeNavigationTarget("/about?x=1#top", origin)).toBe("/about?x=1#top");
  });
  it("refuses external URLs without the explicit option", () => {
    expect(safeNavigationTarget("https://evil.example/", origin)).toBeNull();
    expect(safeNavigationTarget("https://partner.example/", origin, { external: true })).toBe("https://partner.example/");
  });
  it("refuses script-protocol URLs even with the option", () => {
    expect(safeNavigationTarget("javascript:alert(1)", origin, { external: true })).toBeNull();
  });
});

describe("route errors (§2)", () => {
  it("formats the not-found message", () => {
    expect(pageNotFoundMessage("/nope")).toBe("Page not found: /nope");
  });
  it("rejects the word filter inside a filters parameter", () => {
    expect(splitFilters("color-red/brand-x")).toEqual(["color-red", "brand-x"]);
    expect(() => splitFilters("color-red/filter/brand-x")).toThrow(FILTER_WORD_MESSAGE);
    expect(splitFilters(undefined)).toEqual([]);
  });
});
