/**
 * Waiting on events instead of time (the change-event and Redis tests): a counter of a listener's
 * calls that settles when it reaches n, and the next event of a name.
 */

/** Counts the calls of the listener given to `subscribe`; `reach(n)` settles once there were n. */
export function countEvents(subscribe: (listener: () => void) => void) {
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  subscribe(() => {
    count++;
    for (const w of waiters.filter((w) => count >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  return {
    get count() {
      return count;
    },
    reach: (n: number) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
  };
}

/** The next `name` event (events.once would reject on the "error"s a reconnecting client emits). */
export const nextEvent = (emitter: { once(name: string, listener: () => void): unknown }, name: string) => new Promise<void>((resolve) => emitter.once(name, () => resolve()));
