import { describe, expect, it } from "vitest";
import { answerId, deepFreeze, derivedFrom, isShared } from "./derived.server.ts";

describe("derivedFrom (ADR 015)", () => {
  it("computes once per shared answer and key, and shares the frozen value", () => {
    const answer = deepFreeze({ elements: [{ id: 1, title: "Ручка" }] });
    let runs = 0;
    const build = () => {
      runs++;
      return { cards: answer.elements.map((e) => ({ id: e.id, label: e.title.toUpperCase() })) };
    };
    const first = derivedFrom(answer, "msk", build);
    const again = derivedFrom(answer, "msk", build);
    expect(again).toBe(first);
    expect(runs).toBe(1);
    expect(Object.isFrozen(first.cards[0])).toBe(true);
    expect(() => {
      (first.cards as { id: number }[]).push({ id: 2 });
    }).toThrow(TypeError);

    expect(derivedFrom(answer, "spb", build)).not.toBe(first);
    expect(runs).toBe(2);
  });

  it("builds anew for a changed answer (a new object), and every time for answers that are not shared", () => {
    const before = deepFreeze({ price: 100 });
    const after = deepFreeze({ price: 120 });
    expect(derivedFrom(before, "", () => ({ label: `${before.price} ₽` })).label).toBe("100 ₽");
    expect(derivedFrom(after, "", () => ({ label: `${after.price} ₽` })).label).toBe("120 ₽");

    const personal = { price: 90 };
    let runs = 0;
    const a = derivedFrom(personal, "", () => ({ runs: ++runs }));
    const b = derivedFrom(personal, "", () => ({ runs: ++runs }));
    expect([a.runs, b.runs]).toEqual([1, 2]);
    expect(isShared(personal)).toBe(false);
    expect(Object.isFrozen(a)).toBe(false);
  });

  it("gives each answer object its own stable id", () => {
    const one = {};
    const two = {};
    expect(answerId(one)).toBe(answerId(one));
    expect(answerId(one)).not.toBe(answerId(two));
  });
});
