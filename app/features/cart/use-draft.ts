/**
 * A text field over a value of the local cart (a comment, a coating's size) that follows the
 * store: another tab's change (the `storage` event) shows, and the next keystroke here starts from
 * it instead of overwriting it with a stale copy. While the field is being edited it shows what is
 * typed when that differs from what is stored (a half-typed "12," stays); a draft in step with the
 * store (every valid keystroke is saved at once) follows it, focused or not.
 */
import { useState } from "react";

export interface Draft {
  value: string;
  onFocus(): void;
  onBlur(): void;
  /** What was typed (call from onChange, then save what is valid to the cart). */
  set(text: string): void;
}

interface Editing {
  draft: string;
  /** The stored value the draft was last compared with. */
  seen: string;
}

export function useDraft(stored: string): Draft {
  // null: not being edited, the stored value is shown.
  const [editing, setEditing] = useState<Editing | null>(null);
  let current = editing;
  if (current && current.seen !== stored) {
    // The store changed under the field (a save of ours, or another tab): a draft that was in step
    // with the store follows it; one that was not (half-typed) stays.
    current = current.draft === current.seen ? { draft: stored, seen: stored } : { draft: current.draft, seen: stored };
    setEditing(current);
  }
  return {
    value: current?.draft ?? stored,
    onFocus: () => setEditing({ draft: stored, seen: stored }),
    onBlur: () => setEditing(null),
    set: (text) => setEditing((e) => ({ draft: text, seen: e?.seen ?? stored })),
  };
}
