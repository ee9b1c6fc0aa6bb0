/** The versions block's words: how many times the client opened the link, in Russian plurals. */
import { describe, expect, it } from "vitest";
import { openedTimes } from "./offer-versions.tsx";

describe("openedTimes", () => {
  it("says «раз» / «раза» by the number (contract/plural.ts)", () => {
    expect(openedTimes(1)).toBe("1 раз");
    expect(openedTimes(2)).toBe("2 раза");
    expect(openedTimes(4)).toBe("4 раза");
    expect(openedTimes(5)).toBe("5 раз");
    expect(openedTimes(11)).toBe("11 раз");
    expect(openedTimes(12)).toBe("12 раз");
    expect(openedTimes(21)).toBe("21 раз");
    expect(openedTimes(22)).toBe("22 раза");
    expect(openedTimes(1021).replace(/\s/g, " ")).toBe("1 021 раз");
  });
});
