import { describe, expect, it } from "vitest";
import { addViewed, MAX_VIEWED, parseViewed, serializeViewed, VIEWED_STORAGE_KEY, visibleViewedGroups } from "./viewed.ts";

describe("addViewed (§4: max 30, newest first, oldest dropped, duplicates ignored)", () => {
  it("puts the new id first", () => {
    expect(addViewed([2, 1], 3)).toEqual([3, 2, 1]);
  });
  it("keeps at most 30, dropping the oldest", () => {
    const full = Array.from({ length: MAX_VIEWED }, (_, i) => MAX_VIEWED - i); // 30..1
    const next = addViewed(full, 100);
    expect(MAX_VIEWED).toBe(30);
    expect(next).toHaveLength(30);
    expect(next[0]).toBe(100);
    expect(next).not.toContain(1);
  });
  it("never duplicates: a re-viewed id moves to the front", () => {
    expect(addViewed([3, 2, 1], 1)).toEqual([1, 3, 2]);
  });
  it("re-viewing one of 30 keeps all 30 (nothing is dropped)", () => {
    const full = Array.from({ length: 30 }, (_, i) => i + 1);
    const next = addViewed(full, 30);
    expect(next).toHaveLength(30);
    expect(new Set(next).size).toBe(30);
  });
  it("returns the same array when nothing changes, and ignores invalid ids", () => {
    const ids = [3, 2];
    expect(addViewed(ids, 3)).toBe(ids);
    expect(addViewed(ids, 0)).toBe(ids);
    expect(addViewed(ids, 1.5)).toBe(ids);
    expect(addViewed(ids, Number.NaN)).toBe(ids);
  });
  it("does not mutate the input", () => {
    const ids = [2, 1];
    addViewed(ids, 1);
    expect(ids).toEqual([2, 1]);
  });
});

describe("parseViewed (persisted locally, robust to garbage)", () => {
  it("round-trips", () => {
    expect(parseViewed(serializeViewed([5, 4]))).toEqual([5, 4]);
  });
  it.each([null, undefined, "", "{", "not json", "42", '{"ids":[1]}', "null", '"1,2"'])("gives [] for %j", (raw) => {
    expect(parseViewed(raw)).toEqual([]);
  });
  it("keeps only positive integer ids, first occurrence, at most 30", () => {
    expect(parseViewed(JSON.stringify([3, "4", -1, 0, 2.5, null, 3, 7]))).toEqual([3, 7]);
    expect(parseViewed(JSON.stringify(Array.from({ length: 40 }, (_, i) => i + 1)))).toHaveLength(30);
  });
  it("has a storage key", () => {
    expect(VIEWED_STORAGE_KEY).toBe("tmg_viewed");
  });
});

describe("visibleViewedGroups (§3)", () => {
  it("exposes only groups with a non-empty products list, keeping the order", () => {
    const groups = [{ id: 1, products: [{ id: 10 }] }, { id: 2, products: [] }, { id: 3, products: [{ id: 30 }] }];
    expect(visibleViewedGroups(groups).map((g) => g.id)).toEqual([1, 3]);
  });
});
