import { describe, expect, it } from "vitest";
import { formatPeriod, formatPostDate, moscowToday, periodState, postDateAttr } from "./post-date.ts";

describe("post dates (§9 dd.mm.yy, Moscow days)", () => {
  it("writes dd.mm.yy and the ISO day of the Moscow calendar", () => {
    expect(formatPostDate("2026-11-20T07:00:00.000Z")).toBe("20.11.26");
    expect(postDateAttr("2026-11-20T07:00:00.000Z")).toBe("2026-11-20");
    // 22:30 UTC on 31 December is already New Year in Moscow.
    expect(formatPostDate("2025-12-31T22:30:00Z")).toBe("01.01.26");
    expect(formatPostDate("2026-03-05T20:59:59Z")).toBe("05.03.26");
    expect(formatPostDate("not a date")).toBe("");
  });

  it("words a promotion's period and says whether it runs", () => {
    expect(formatPeriod("2026-11-16", "2027-01-31")).toBe("с 16.11.26 по 31.01.27");
    expect(formatPeriod("2026-11-16", null)).toBe("с 16.11.26");
    expect(formatPeriod(null, "2027-01-31")).toBe("до 31.01.27");
    expect(formatPeriod(null, null)).toBeNull();
    expect(periodState("2026-11-16", "2027-01-31", "2026-11-27")).toBe("current");
    expect(periodState("2026-11-16", "2026-11-27", "2026-11-27")).toBe("current");
    expect(periodState("2026-09-01", "2026-10-31", "2026-11-27")).toBe("past");
    expect(periodState("2026-12-01", "2026-12-31", "2026-11-27")).toBe("future");
    expect(moscowToday(Date.parse("2026-11-27T21:30:00Z"))).toBe("2026-11-28");
  });
});
