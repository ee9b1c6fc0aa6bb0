import { describe, expect, it } from "vitest";
import { claimReload, isChunkLoadError, pendingReloadTarget, recordNavigationTarget, RELOAD_GUARD_TTL_MS } from "./chunk-reload.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("chunk reload guard (§4, §9)", () => {
  it("allows one reload per path within 10 s", () => {
    const s = memoryStorage();
    expect(claimReload(s, "/delivery", 1000)).toBe(true);
    expect(claimReload(s, "/delivery", 1000 + RELOAD_GUARD_TTL_MS - 1)).toBe(false);
    expect(claimReload(s, "/delivery", 1000 + RELOAD_GUARD_TTL_MS + 1)).toBe(true);
  });

  it("continues to the pending navigation target after a reload, once", () => {
    const s = memoryStorage();
    recordNavigationTarget(s, "/delivery", 0);
    expect(pendingReloadTarget(s, "/about", true, 500)).toBe("/delivery");
    // The record is consumed: a second reload stays put.
    expect(pendingReloadTarget(s, "/about", true, 600)).toBeNull();
    // A new failure on the same target within 10 s is not reloaded again.
    recordNavigationTarget(s, "/delivery", 700);
    expect(pendingReloadTarget(s, "/about", true, 800)).toBeNull();
  });

  it("ignores stale targets, ordinary loads and settled navigations", () => {
    const s = memoryStorage();
    recordNavigationTarget(s, "/faq", 0);
    expect(pendingReloadTarget(s, "/about", true, RELOAD_GUARD_TTL_MS + 1)).toBeNull();
    recordNavigationTarget(s, "/faq", 0);
    expect(pendingReloadTarget(s, "/about", false, 10)).toBeNull();
    recordNavigationTarget(s, "/faq", 0);
    recordNavigationTarget(s, null, 5);
    expect(pendingReloadTarget(s, "/about", true, 10)).toBeNull();
  });

  it("recognises chunk load errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });
});
