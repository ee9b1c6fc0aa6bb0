/**
 * Secondary loader data (the product page's strips, a print type's products) is deferred: the page
 * must not wait for it. But when it is ready almost at once (the usual case: the shared read cache
 * answers), sending it with the page is cheaper for everyone: no streamed Suspense boundary to
 * write, swap and hydrate separately. `<Await>` takes either a value or a promise.
 *
 * `const strip = nowOrLater(await settledWithin(cards, ms), cards)`: the value when it was ready
 * in time, else the promise itself (to be streamed).
 */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Boxed: an async function, or a promise, that resolves with a promise waits for it.
  const ready = await Promise.race([promise.then((value) => ({ value })), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  clearTimeout(timer);
  return ready;
}

export function nowOrLater<T>(settled: { value: T } | null, promise: Promise<T>): T | Promise<T> {
  return settled ? settled.value : promise;
}

/** How long a page waits for its secondary data before it streams it instead. */
export const SECONDARY_DATA_WAIT_MS = 20;
