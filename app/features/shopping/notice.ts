/**
 * The one message the lists show at a time (a limit reached, a change the server refused): held by
 * the personal-state provider (React state, not module state: ADR 045) and read by <ListNotice>
 * (the toast). A new message replaces the previous one.
 */
export interface Notice {
  /** Increments with every message, so the same text shown twice is a new notice. */
  id: number;
  text: string;
}

export interface Notices {
  current: Notice | null;
  show(text: string): void;
  dismiss(id: number): void;
}

/** The next notice after `previous` (a new id even for the same text). */
export const nextNotice = (previous: Notice | null, text: string): Notice => ({ id: (previous?.id ?? 0) + 1, text });
