import { afterEach, describe, expect, it, vi } from "vitest";
import { FILTER_GOAL_NAMES, filterGoal, setMetrikaCounter, trackGoal, trackHit } from "./analytics.ts";

/** §9: the filters whose open-form and click events are goals. */
const SPEC_FILTERS = ["price", "quantity", "printing_variants", "brand", "color", "material", "datebook_format", "delivery_period", "dated", "pen_type", "sex", "battery_capacity"];

describe("analytics goals (§9)", () => {
  afterEach(() => {
    setMetrikaCounter(null);
    vi.unstubAllGlobals();
  });

  it("maps every §9 filter, and only those, to an open and a click goal", () => {
    expect(Object.values(FILTER_GOAL_NAMES).sort()).toEqual([...SPEC_FILTERS].sort());
    expect(filterGoal("price", "open")).toBe("filter_price_open");
    expect(filterGoal("coatings", "click")).toBe("filter_printing_variants_click");
    expect(filterGoal("brands", "open")).toBe("filter_brand_open");
    expect(filterGoal("colors", "click")).toBe("filter_color_click");
    expect(filterGoal("attr:datebook-format", "click")).toBe("filter_datebook_format_click");
    expect(filterGoal("attr:battery-capacity", "open")).toBe("filter_battery_capacity_open");
    expect(filterGoal("attr:pen-type", "click")).toBe("filter_pen_type_click");
    // A facet §9 does not name is not a goal (nothing is sent).
    expect(filterGoal("attr:new-attribute", "click")).toBeNull();
    expect(filterGoal("__proto__", "click")).toBeNull();
  });

  it("sends goals and hits to the counter once it is set, and always to the data layer", () => {
    const calls: unknown[][] = [];
    const win = { dataLayer: [] as unknown[], ym: (...args: unknown[]) => void calls.push(args) };
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", { title: "Ручки | ТМГ" });
    trackGoal("telephone");
    expect(calls).toEqual([]);
    setMetrikaCounter(123456);
    trackGoal("order_add_to_bag", { variation: 7, count: 1 });
    trackGoal("filter_brand_click");
    trackHit("/catalog/ruchki", "http://localhost/");
    expect(calls).toEqual([
      [123456, "reachGoal", "order_add_to_bag", { variation: 7, count: 1 }],
      [123456, "reachGoal", "filter_brand_click", undefined],
      [123456, "hit", "/catalog/ruchki", { referer: "http://localhost/", title: "Ручки | ТМГ" }],
    ]);
    expect(win.dataLayer).toEqual([
      { event: "goal", goal: "telephone" },
      { event: "goal", goal: "order_add_to_bag", variation: 7, count: 1 },
      { event: "goal", goal: "filter_brand_click" },
    ]);
  });

  it("never throws when the counter does", () => {
    vi.stubGlobal("window", {
      ym: () => {
        throw new Error("blocked");
      },
    });
    setMetrikaCounter(1);
    expect(() => trackGoal("help")).not.toThrow();
  });
});
