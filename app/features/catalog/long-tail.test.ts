import { describe, expect, it } from "vitest";
import { isLongTailPath } from "./long-tail.ts";

describe("isLongTailPath", () => {
  it("search pages and listings with a free price or quantity are the long tail", () => {
    for (const path of [
      "/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0",
      "/search/filter/text=x/color=siniy",
      "/catalog/ruchki/filter/price=100-500",
      "/catalog/ruchki/filter/brand=bic/price=-500/page=2",
      "/brands/bic/quantity=500",
      "/bestoffers/price=1-",
    ]) {
      expect(isLongTailPath(path), path).toBe(true);
    }
  });
  it("the pages everyone opens are not", () => {
    for (const path of ["/", "/catalog", "/catalog/ruchki", "/catalog/ruchki/filter/brand=bic/color=siniy", "/catalog/goods/7", "/about", "/searchlight", "/brands/price-master"]) {
      expect(isLongTailPath(path), path).toBe(false);
    }
  });
});
