/**
 * Values derived from shared API answers, computed once per answer (ADR 015).
 *
 * The read cache (ADR 010) and the content cache hand every anonymous request the same frozen
 * answer object until the answer changes. What a page builds from such answers (card views, facet
 * lists, the grid's HTML, the product's page data) is then the same too, so it is kept with the
 * answer: it lives exactly as long as the answer does, and a changed answer is a new object, so
 * nothing derived from an old one is ever served for it. Answers that are not shared (a signed-in
 * customer's, or with the read cache off) are not frozen, and what is built from them is not kept.
 */

/** An answer from a shared cache (they freeze what they share). */
export function isShared(answer: unknown): answer is object {
  return typeof answer === "object" && answer !== null && Object.isFrozen(answer);
}

/** Freezes `value` and everything in it (stopping at what is frozen already); returns it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const ids = new WeakMap<object, number>();
let lastId = 0;

/** A number that stands for this answer object in keys (for values derived from several answers). */
export function answerId(answer: object): number {
  let id = ids.get(answer);
  if (id === undefined) ids.set(answer, (id = ++lastId));
  return id;
}

const derived = new WeakMap<object, Map<string, unknown>>();

/**
 * `compute()` for `answer` and `key` (what else the value depends on): once per shared answer,
 * then the same (frozen) value for as long as the answer lives; every time for other answers.
 */
export function derivedFrom<V>(answer: unknown, key: string, compute: () => V): V {
  if (!isShared(answer)) return compute();
  let values = derived.get(answer);
  if (!values) derived.set(answer, (values = new Map()));
  if (values.has(key)) return values.get(key) as V;
  const value = deepFreeze(compute());
  values.set(key, value);
  return value;
}
