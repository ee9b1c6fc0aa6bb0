/**
 * The lists' toast: a limit reached (§5) or a change the server refused (§8). The live region is
 * always in the document (assistive technology announces what is put into it) and shows one
 * message at a time for a few seconds, or until closed.
 */
import { useEffect } from "react";
import { useNotices } from "./personal-state.tsx";

const SHOWN_MS = 6000;

export function ListNotice() {
  const notices = useNotices();
  const notice = notices?.current ?? null;
  const dismiss = notices?.dismiss;
  useEffect(() => {
    if (!notice || !dismiss) return;
    const timer = setTimeout(() => dismiss(notice.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div className="list-notice" role="status">
      {notice ? (
        <p className="list-notice__box" key={notice.id}>
          <span>{notice.text}</span>
          <button type="button" className="list-notice__close" aria-label="Закрыть сообщение" onClick={() => dismiss?.(notice.id)}>
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
