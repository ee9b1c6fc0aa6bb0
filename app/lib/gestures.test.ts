import { describe, expect, it } from "vitest";
import { classifyGesture, DRAG_FREQUENCY_MS, HOLD_MS, SWIPE_TOLERANCE, TAP_TOLERANCE } from "./gestures.ts";

describe("§9 touch gestures", () => {
  it("uses the spec's tolerances", () => {
    expect([TAP_TOLERANCE, SWIPE_TOLERANCE, HOLD_MS, DRAG_FREQUENCY_MS]).toEqual([10, 30, 400, 100]);
  });

  it("a finger that stays within 10 px is a tap, or a hold after 400 ms", () => {
    expect(classifyGesture(0, 0, 80)).toBe("tap");
    expect(classifyGesture(10, -10, 399)).toBe("tap");
    expect(classifyGesture(3, 2, 400)).toBe("hold");
  });

  it("between the tap and the swipe tolerance nothing happens", () => {
    expect(classifyGesture(11, 0, 100)).toBe("none");
    expect(classifyGesture(-29, 5, 100)).toBe("none");
  });

  it("from 30 px it is a swipe along the main axis", () => {
    expect(classifyGesture(-30, 4, 120)).toBe("swipe-left");
    expect(classifyGesture(80, -20, 120)).toBe("swipe-right");
    expect(classifyGesture(10, 60, 120)).toBe("swipe-down");
    expect(classifyGesture(-20, -45, 900)).toBe("swipe-up");
  });
});
