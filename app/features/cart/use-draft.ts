/**
 * A text field over a value of the local cart (a comment, a coating's size). While the field has
 * the focus it shows what is typed (a half-typed "12," or a trailing space stays); otherwise it
 * shows the stored value, so another tab's change (the `storage` event) appears, and the next
 * keystroke here starts from it instead of overwriting it with a stale copy.
 */
import { useState } from "react";

export interface Draft {
  value: string;
  onFocus(): void;
  onBlur(): void;
  /** What was typed (call from onChange, then save what is valid to the cart). */
  set(text: string): void;
}

export function useDraft(stored: string): Draft {
  // null: not being edited, the stored value is shown.
  const [draft, setDraft] = useState<string | null>(null);
  return {
    value: draft ?? stored,
    onFocus: () => setDraft(stored),
    onBlur: () => setDraft(null),
    set: setDraft,
  };
}
