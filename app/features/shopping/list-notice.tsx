/**
 * The lists' toast: a limit reached (§5) or a change the server refused (§8). The live region is
 * always in the document (assistive technology announces what is put into it) and shows one
 * message at a time for a few seconds, or until closed.
 */
import { useEffect, useSyncExternalStore } from "react";
import { notices } from "./notice.ts";

const SHOWN_MS = 6000;
const none = () => null;

export function ListNotice() {
  const notice = useSyncExternalStore(notices.subscribe, notices.getSnapshot, none);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => notices.dismiss(notice.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div className="list-notice" role="status">
      {notice ? (
        <p className="list-notice__box" key={notice.id}>
          <span>{notice.text}</span>
          <button type="button" className="list-notice__close" aria-label="Закрыть сообщение" onClick={() => notices.dismiss(notice.id)}>
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
