import { describe, expect, it } from "vitest";
import { layoutFor } from "./layout.ts";

describe("layoutFor (§2)", () => {
  it("uses the default layout when no route names one", () => {
    expect(layoutFor([undefined, {}])).toBe("default");
  });
  it("lets the deepest route that names a layout win", () => {
    expect(layoutFor([{ layout: "user" }, { layout: "simple" }])).toBe("simple");
    expect(layoutFor([{ layout: "kp" }, undefined])).toBe("kp");
  });
  it("ignores unknown layout names", () => {
    expect(layoutFor([{ layout: "fancy" }])).toBe("default");
  });
});
