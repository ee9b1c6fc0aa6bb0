import { describe, expect, it } from "vitest";
import { parseIdList } from "./id-list.ts";

describe("parseIdList", () => {
  it("keeps positive integer ids in order, without duplicates", () => {
    expect(parseIdList("3, 1,2,3", 30)).toEqual([3, 1, 2]);
  });

  it("skips junk and stops at the limit", () => {
    expect(parseIdList("a,0,-1,1.5,,7,99999999999999999", 30)).toEqual([7]);
    expect(parseIdList("1,2,3,4", 2)).toEqual([1, 2]);
    expect(parseIdList(null, 30)).toEqual([]);
  });
});
