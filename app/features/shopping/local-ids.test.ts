import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { createLocalIds, EMPTY_IDS, parseIds } from "./local-ids.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe("parseIds (local storage is the visitor's to edit)", () => {
  it.each([null, undefined, "", "{", "not json", "42", '"1,2"', "null", '{"ids":[1]}', "[[1]]", "true"])("gives [] for %j", (raw) => {
    expect(parseIds(raw, 300)).toEqual([]);
  });

  it("keeps positive safe integers only, first occurrence, in order", () => {
    expect(parseIds(JSON.stringify([3, "4", -1, 0, 2.5, null, 3, 7, 1e300, Number.MAX_SAFE_INTEGER + 2, { id: 5 }]), 300)).toEqual([3, 7]);
  });

  it("stops at the limit: 10 000 stored ids give the first 300", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const ids = parseIds(JSON.stringify(many), 300);
    expect(ids).toHaveLength(300);
    expect(ids[0]).toBe(1);
    expect(ids[299]).toBe(300);
  });
});

describe("createLocalIds", () => {
  it("reads, writes newest-first lists, removes the key for [] and keeps the snapshot stable", () => {
    const storage = fakeStorage({ k: "[2,1]" });
    const ids = createLocalIds("k", 5, () => storage, null);
    const first = ids.getSnapshot();
    expect(first).toEqual([2, 1]);
    expect(ids.getSnapshot()).toBe(first);
    const listener = vi.fn();
    ids.subscribe(listener);
    ids.set([3, 2, 1]);
    expect(storage.data.get("k")).toBe("[3,2,1]");
    expect(listener).toHaveBeenCalledTimes(1);
    ids.set([]);
    expect(storage.data.has("k")).toBe(false);
    expect(ids.getSnapshot()).toBe(EMPTY_IDS);
  });

  it("follows another tab's write of its own key only", () => {
    const storage = fakeStorage();
    const events = new EventTarget();
    const ids = createLocalIds("k", 5, () => storage, events);
    const listener = vi.fn();
    ids.subscribe(listener);
    storage.data.set("k", "[9]");
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "k" }));
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "other" }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(ids.getSnapshot()).toEqual([9]);
  });
});

describe("browser safety", () => {
  it("the list modules import contract/ limits or types only (no zod in the browser bundle)", () => {
    const files = [
      "./local-ids.ts",
      "./saved-list.ts",
      "./notice.ts",
      "./use-saved-list.ts",
      "./list-buttons.tsx",
      "./list-notice.tsx",
      "./header-count.tsx",
      "../favorites/favorites.ts",
      "../comparison/comparison.ts",
      "../comparison/comparison-table.ts",
    ];
    for (const file of files) {
      const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), "utf8");
      for (const line of source.match(/^import[^;]+;/gm) ?? []) {
        if (/zod|contract\//.test(line) && !/contract\/limits\.ts/.test(line)) expect(line, `${file}: ${line}`).toMatch(/^import type /);
      }
    }
  });
});
