/**
 * Deferred loader data that is ready before the page renders (a cached strip, say) should be
 * rendered in place, not streamed behind a Suspense fallback. React's `use` reads a promise it
 * finds already marked `status: "fulfilled"` (its thenable protocol) at once, without suspending;
 * this marks the promise when it settles, so a render that starts later takes the value directly
 * (no fallback, no hidden boundary and swap script), and one that starts earlier streams as before.
 */
type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

export function trackSettled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Tracked<T>;
  if (tracked.status) return promise;
  tracked.status = "pending";
  promise.then(
    (value) => {
      tracked.status = "fulfilled";
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = "rejected";
      tracked.reason = reason;
    },
  );
  return promise;
}

/** The value of a promise `trackSettled` has seen fulfilled, boxed (it may be undefined); else undefined. */
export function fulfilled(promise: Promise<unknown>): { value: unknown } | undefined {
  const tracked = promise as Tracked<unknown>;
  return tracked.status === "fulfilled" ? { value: tracked.value } : undefined;
}
