import { describe, expect, it } from "vitest";
import { nowOrLater, settledWithin } from "./defer.server.ts";

describe("secondary data: now or later", () => {
  it("gives the value of a promise that settles in time", async () => {
    const cards = Promise.resolve([1, 2]);
    expect(nowOrLater(await settledWithin(cards, 20), cards)).toEqual([1, 2]);
  });

  it("gives the promise itself when it is not ready in time (the page streams it)", async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve("later"), 60));
    const started = Date.now();
    const result = nowOrLater(await settledWithin(slow, 10), slow);
    expect(Date.now() - started).toBeLessThan(50);
    expect(result).toBe(slow);
    expect(await result).toBe("later");
  });

  it("a promise that fails in time fails the wait (callers give secondary data a fallback first)", async () => {
    await expect(settledWithin(Promise.reject(new Error("x")), 10)).rejects.toThrow("x");
  });
});
