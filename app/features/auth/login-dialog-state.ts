/**
 * §2: "a login modal can be opened, closed or toggled". One small store for the whole page, so
 * the header's "Войти" and any other part (a "войдите, чтобы…" prompt) drive the same dialog.
 * The dialog's own code is loaded on the first open (login-dialog.tsx), not with every page.
 */
import { useSyncExternalStore } from "react";

let open = false;
/** The element focus goes back to when the dialog closes (the opener). */
let returnTo: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

export const loginDialog = {
  /** `from`: where focus returns on close (default: what had focus when it opened). */
  open(from?: HTMLElement | null) {
    if (!open) returnTo = from ?? (typeof document !== "undefined" ? (document.activeElement as HTMLElement | null) : null);
    set(true);
  },
  close: () => set(false),
  toggle(from?: HTMLElement | null) {
    if (open) set(false);
    else loginDialog.open(from);
  },
  isOpen: () => open,
  /** Taken once by the closing dialog. */
  takeReturnFocus(): HTMLElement | null {
    const element = returnTo;
    returnTo = null;
    return element;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether the login dialog is open (always closed in the server's HTML). */
export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(loginDialog.subscribe, loginDialog.isOpen, () => false);
}
