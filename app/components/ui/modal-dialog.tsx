/**
 * A modal dialog on the native <dialog> opened with showModal(): the page behind is inert and the
 * dialog is announced as modal, labelled by its title. Focus moves in (to the element marked
 * `data-autofocus`, else the first control), Tab stays inside, Escape and a click on the dimmed
 * page close it, and focus goes back to where it was when the dialog opened. Mounted = open: the
 * caller renders it while open and drops it in `onClose`; `returnFocus` names another element to
 * go back to (a dialog opened from a menu that has since closed). Knows no domain.
 */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[aria-hidden="true"]') && el.getClientRects().length > 0);
}

export function ModalDialog({
  labelledBy,
  describedBy,
  onClose,
  returnFocus,
  className,
  testId,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    (element.querySelector<HTMLElement>("[data-autofocus]") ?? focusables(element)[0])?.focus();
    return () => {
      if (element.open) element.close();
      // The opener may be gone (its row left the list): then focus stays where the page puts it.
      const back = returnFocus ? returnFocus() : opener;
      if (back?.isConnected) back.focus();
    };
    // Opened once per mount: a new returnFocus on a later render changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
    if (event.target === dialog.current) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={`modal-dialog${className ? ` ${className}` : ""}`}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: the caller closes it (unmounts), so its state follows.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={onClick}
      data-testid={testId}
    >
      <div className="modal-dialog__body">{children}</div>
    </dialog>
  );
}
