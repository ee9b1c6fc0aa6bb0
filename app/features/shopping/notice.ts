/**
 * The one message the lists show at a time (a limit reached, a change the server refused): a tiny
 * external store read by <ListNotice> (the toast). A new message replaces the previous one.
 */
export interface Notice {
  /** Increments with every message, so the same text shown twice is a new notice. */
  id: number;
  text: string;
}

let current: Notice | null = null;
let counter = 0;
const listeners = new Set<() => void>();

export const notices = {
  subscribe(onChange: () => void) {
    listeners.add(onChange);
    return () => void listeners.delete(onChange);
  },
  getSnapshot: (): Notice | null => current,
  show(text: string) {
    current = { id: ++counter, text };
    listeners.forEach((l) => l());
  },
  dismiss(id: number) {
    if (current?.id !== id) return;
    current = null;
    listeners.forEach((l) => l());
  },
};
