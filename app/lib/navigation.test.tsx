import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { AppLink, isInternalPath, MAX_PRELOADS, releaseAllPreloads, releasePreloadSlot, takePreloadSlot } from "./navigation.tsx";
import { FILTER_WORD_MESSAGE, pageNotFoundMessage, splitFilters } from "./filters.ts";

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

describe("AppLink's rules (§8, §9)", () => {
  it("knows the site's own paths", () => {
    for (const to of ["/", "/catalog/ruchki?page=2", "?sort=new", "#top"]) expect(isInternalPath(to), to).toBe(true);
    for (const to of ["//evil.com", "/\\evil.com", "https://evil.com/", "javascript:alert(1)", "/a\tb", "mailto:x@y.ru", ""]) expect(isInternalPath(to), to).toBe(false);
  });

  it("preloads at most 4 routes at a time, none on slow-2g or with Save-Data", () => {
    const holders = [{}, {}, {}, {}, {}];
    expect(holders.map((h, i) => takePreloadSlot(h, `/p${i}`, {}))).toEqual([true, true, true, true, false]);
    expect(takePreloadSlot(holders[0], "/p0", {})).toBe(true);
    releasePreloadSlot(holders[0]);
    expect(takePreloadSlot(holders[4], "/p4", {})).toBe(true);
    for (const h of holders) releasePreloadSlot(h);
    expect(takePreloadSlot({}, "/x", { saveData: true })).toBe(false);
    expect(takePreloadSlot({}, "/x", { effectiveType: "slow-2g" })).toBe(false);
    const slow = {};
    expect(takePreloadSlot(slow, "/x", { effectiveType: "2g" })).toBe(true);
    releasePreloadSlot(slow);
    // A navigation ends every preload, so links that left the page leave no slot taken.
    const gone = [{}, {}, {}, {}];
    for (const h of gone) takePreloadSlot(h, "/y", {});
    expect(takePreloadSlot({}, "/z", {})).toBe(false);
    releaseAllPreloads();
    const next = {};
    expect(takePreloadSlot(next, "/z", {})).toBe(true);
    releasePreloadSlot(next);
    expect(MAX_PRELOADS).toBe(4);
  });

  it("renders internal paths as router links, external ones only when asked, script URLs never", () => {
    const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
    expect(html(<AppLink to="/about">О нас</AppLink>)).toBe('<a href="/about" data-discover="true">О нас</a>');
    expect(html(<AppLink to="https://partner.example/">x</AppLink>)).toBe("<span>x</span>");
    expect(html(<AppLink to="https://partner.example/" external>x</AppLink>)).toBe('<a href="https://partner.example/" rel="noopener noreferrer">x</a>');
    expect(html(<AppLink to="javascript:alert(1)" external>x</AppLink>)).toBe("<span>x</span>");
    // An external link keeps its anchor attributes (an accessible name, say).
    expect(html(<AppLink to="https://yandex.ru/maps/" external aria-label="На карте">x</AppLink>)).toBe('<a aria-label="На карте" href="https://yandex.ru/maps/" rel="noopener noreferrer">x</a>');
  });
});
