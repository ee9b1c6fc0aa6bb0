// Iterator helpers (ES2025: `map.values().flatMap(…)`, `.reduce`, `.find` …) for the bench process
// on Node 20, which lacks them. Lighthouse 13 (engines: node ≥ 22.19) uses them in some of its
// trace insights (duplicated-javascript, legacy-javascript, third-parties), which otherwise end in
// "… is not a function". Installed only where missing, and only in the bench process (the servers
// under test are separate processes). Lazy helpers are generators, which inherit from the same
// %IteratorPrototype%, so they chain.
const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

function* iterate(iterator) {
  // Iterate the iterator itself (not a fresh one), closing it when the consumer stops early.
  let done = false;
  try {
    for (;;) {
      const step = iterator.next();
      if (step.done) {
        done = true;
        return;
      }
      yield step.value;
    }
  } finally {
    if (!done) iterator.return?.();
  }
}

const helpers = {
  *map(fn) {
    let i = 0;
    for (const value of iterate(this)) yield fn(value, i++);
  },
  *filter(fn) {
    let i = 0;
    for (const value of iterate(this)) if (fn(value, i++)) yield value;
  },
  *flatMap(fn) {
    let i = 0;
    for (const value of iterate(this)) yield* fn(value, i++);
  },
  *take(limit) {
    if (limit <= 0) return;
    let i = 0;
    for (const value of iterate(this)) {
      yield value;
      if (++i >= limit) return;
    }
  },
  *drop(count) {
    let i = 0;
    for (const value of iterate(this)) if (i++ >= count) yield value;
  },
  reduce(fn, ...initial) {
    let i = 0;
    let hasAcc = initial.length > 0;
    let acc = initial[0];
    for (const value of iterate(this)) {
      if (!hasAcc) {
        acc = value;
        hasAcc = true;
      } else {
        acc = fn(acc, value, i);
      }
      i++;
    }
    if (!hasAcc) throw new TypeError("Reduce of empty iterator with no initial value");
    return acc;
  },
  toArray() {
    return [...iterate(this)];
  },
  forEach(fn) {
    let i = 0;
    for (const value of iterate(this)) fn(value, i++);
  },
  some(fn) {
    let i = 0;
    for (const value of iterate(this)) if (fn(value, i++)) return true;
    return false;
  },
  every(fn) {
    let i = 0;
    for (const value of iterate(this)) if (!fn(value, i++)) return false;
    return true;
  },
  find(fn) {
    let i = 0;
    for (const value of iterate(this)) if (fn(value, i++)) return value;
    return undefined;
  },
};

export function installIteratorHelpers() {
  for (const [name, fn] of Object.entries(helpers)) {
    if (typeof IteratorPrototype[name] !== "function") {
      Object.defineProperty(IteratorPrototype, name, { value: fn, writable: true, configurable: true, enumerable: false });
    }
  }
}
