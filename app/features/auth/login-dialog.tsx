/**
 * The login dialog (§2, ADR 036), loaded on the first "Войти" click. A native <dialog> opened with
 * showModal(): the page behind is inert and the dialog is announced as a modal dialog, labelled
 * by its title. Tab and Shift+Tab cycle inside it, Escape and a click on the dimmed page close
 * it, and focus goes back to the opener. It closes itself once the login navigates away.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useLocation } from "react-router";
import { useRootData } from "#app/lib/root-data.ts";
import { LoginForms, type LoginMethod } from "./login-forms.tsx";
import { loginDialog } from "./login-dialog-state.ts";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[aria-hidden="true"]') && el.getClientRects().length > 0);
}

export default function LoginDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [method, setMethod] = useState<LoginMethod>("email");
  const location = useLocation();
  const root = useRootData();
  const openedAt = useRef(location.key);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (element.open) element.close();
      const back = loginDialog.takeReturnFocus();
      if (back?.isConnected) back.focus();
    };
  }, []);

  // The other way in starts at its first field.
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [method]);

  // A login navigates (to /profile/cp or redirectTo), and the header then shows the user: done.
  useEffect(() => {
    if (location.key !== openedAt.current || root?.isAuthenticated) loginDialog.close();
  }, [location.key, root?.isAuthenticated]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const items = focusables(dialog.current);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  // The dialog has no padding of its own: a click whose target is the <dialog> itself landed on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) loginDialog.close();
  };

  return (
    <dialog
      ref={dialog}
      className="login-dialog"
      aria-modal="true"
      aria-labelledby="login-dialog-title"
      onCancel={(event) => {
        // Escape: closed through the store, so the header's state follows.
        event.preventDefault();
        loginDialog.close();
      }}
      onKeyDown={onKeyDown}
      onClick={onClick}
      data-testid="login-dialog"
    >
      <div className="login-dialog__body">
        <div className="login-dialog__head">
          <h2 id="login-dialog-title" className="login-dialog__title">
            Вход в личный кабинет
          </h2>
          <button type="button" className="login-dialog__close" aria-label="Закрыть" onClick={() => loginDialog.close()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="icon">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <LoginForms idPrefix="login-dialog" redirectTo={null} initial={null} method={method} onMethodChange={setMethod} />
      </div>
    </dialog>
  );
}
