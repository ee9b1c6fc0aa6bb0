/**
 * The login dialog (§2, ADR 036), loaded on the first "Войти" click: the shared modal dialog
 * (components/ui/modal-dialog.tsx: inert page, Tab kept inside, Escape and the dimmed page close
 * it) with the login forms. Focus goes back to the "Войти" that opened it, and it closes itself
 * once the login navigates away.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { LoginForms, type LoginMethod } from "./login-forms.tsx";
import { loginDialog } from "./login-dialog-state.ts";

export default function LoginDialog() {
  const content = useRef<HTMLDivElement>(null);
  const [method, setMethod] = useState<LoginMethod>("email");
  const location = useLocation();
  const root = useRootData();
  const openedAt = useRef(location.key);
  const firstMethod = useRef(method);

  // The other way in starts at its first field (the dialog itself focuses the first one).
  useEffect(() => {
    if (method === firstMethod.current) return;
    firstMethod.current = method;
    content.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [method]);

  // A login navigates (to /profile/cp or redirectTo), and the header then shows the user: done.
  useEffect(() => {
    if (location.key !== openedAt.current || root?.isAuthenticated) loginDialog.close();
  }, [location.key, root?.isAuthenticated]);

  return (
    <ModalDialog
      labelledBy="login-dialog-title"
      onClose={() => loginDialog.close()}
      returnFocus={() => loginDialog.takeReturnFocus()}
      className="login-dialog"
      testId="login-dialog"
    >
      <div ref={content} className="login-dialog__content">
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
    </ModalDialog>
  );
}
