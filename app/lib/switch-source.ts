/**
 * A subscribable source whose backing can be swapped while components are subscribed: the guest's
 * local storage ↔ the logged-in visitor's server mirror (ADR 034), or null while the server's copy
 * loads. Subscribers move to the new backing and are told once.
 */
export interface Subscribable {
  subscribe(onChange: () => void): () => void;
}

export interface Switch<T extends Subscribable> {
  subscribe(onChange: () => void): () => void;
  use(next: T | null): void;
  current(): T | null;
}

export function createSwitch<T extends Subscribable>(initial: T | null): Switch<T> {
  let backing = initial;
  /** Each subscriber and how to unsubscribe it from the current backing. */
  const listeners = new Map<() => void, () => void>();
  const none = () => {};
  return {
    subscribe(onChange) {
      listeners.set(onChange, backing?.subscribe(onChange) ?? none);
      return () => {
        listeners.get(onChange)?.();
        listeners.delete(onChange);
      };
    },
    use(next) {
      if (next === backing) return;
      backing = next;
      for (const [onChange, unsubscribe] of listeners) {
        unsubscribe();
        listeners.set(onChange, next?.subscribe(onChange) ?? none);
      }
      for (const onChange of [...listeners.keys()]) onChange();
    },
    current: () => backing,
  };
}
