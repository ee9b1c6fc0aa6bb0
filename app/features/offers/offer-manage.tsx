/**
 * Managing an offer (ADR 055 addendum) on /cp, /cp/hidden (each row) and /cp/{id}: the favourite
 * star, «Скрыть»/«Вернуть», «Копировать» and «Удалить». Each is a form posting an `intent` to the
 * page's own action (features/offers/offers.server.ts): without JavaScript the page comes back
 * with the answer, with it a fetcher acts in place. «Удалить» asks first: with JavaScript in a
 * dialog, without it on a second step of the page (`?confirm-delete=ID`); both post the same form.
 * Only who may change the offer (`canEdit`, ADR 051) gets these controls.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { AppLink } from "#app/lib/navigation.tsx";
import type { OfferActionReply } from "./offers.server.ts";

/** The fetcher the list's management forms share: its answer outlives the row that left the list. */
export const LIST_MANAGE_KEY = "offer-list-manage";
/** An offer page's (per offer: a copy opens the same route with another offer). */
export const offerManageKey = (id: number) => `offer-manage-${id}`;

const noSubscribe = () => () => {};
/** false on the server and while hydrating, true after: the link «Удалить» becomes a dialog's button. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/**
 * The star: `aria-pressed` says whether the offer is a favourite; the name stays «В избранное»
 * (a toggle's name does not change with its state), the pointer's tooltip says what a click does.
 * Optimistic: the pressed state follows the click at once; a refusal shows the loader's state again
 * and says why.
 */
export function FavoriteToggle({ id, isFavorite, wide = false }: { id: number; isFavorite: boolean; wide?: boolean }) {
  const fetcher = useFetcher<OfferActionReply>({ key: `offer-favorite-${id}` });
  const pending = fetcher.formData?.get("value");
  const on = pending === "add" ? true : pending === "remove" ? false : isFavorite;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" className="offer-star" preventScrollReset>
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="value"
        value={on ? "remove" : "add"}
        className={`offer-star__button${wide ? " offer-star__button--wide button" : ""}`}
        aria-pressed={on}
        aria-label={wide ? undefined : "В избранное"}
        title={on ? "Убрать из избранного" : "В избранное"}
        data-testid="offer-favorite"
      >
        <Icon name="star" size={20} />
        {wide ? <span>В избранное</span> : null}
      </button>
      {failed ? (
        <span className="offer-star__error" role="alert">
          {failed}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

interface ManagedOffer {
  id: number;
  title: string;
  /** On /cp/hidden: «Вернуть» instead of «Скрыть». */
  isHidden: boolean;
}

/**
 * «Скрыть»/«Вернуть», «Копировать», «Удалить». `confirmHref`: the page's own address asking to
 * confirm the delete (the link without JavaScript). `fetcherKey`: whose answer the page shows.
 */
export function OfferActions({
  offer,
  confirmHref,
  fetcherKey,
  className = "",
  small = true,
}: {
  offer: ManagedOffer;
  confirmHref: string;
  fetcherKey: string;
  className?: string;
  /** The list's rows: small buttons; the offer's page: the size of its other buttons. */
  small?: boolean;
}) {
  const size = small ? "button button--small" : "button";
  const fetcher = useFetcher<OfferActionReply>({ key: fetcherKey });
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(offer.id) ? fetcher.formData.get("intent") : null;
  const toggle = offer.isHidden ? "show" : "hide";
  return (
    <div className={`offer-actions ${className}`.trim()} data-testid="offer-actions">
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={offer.id} />
        <button
          type="submit"
          name="intent"
          value={toggle}
          className={size}
          disabled={busy !== null}
          title={offer.isHidden ? "Вернуть в активные: ссылка у клиента снова заработает" : "Убрать во «Скрытые»: ссылка у клиента перестанет действовать"}
        >
          {busy === toggle ? (offer.isHidden ? "Возвращаем…" : "Скрываем…") : offer.isHidden ? "Вернуть" : "Скрыть"}
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={offer.id} />
        <button type="submit" name="intent" value="copy" className={size} disabled={busy !== null}>
          {busy === "copy" ? "Копируем…" : "Копировать"}
        </button>
      </fetcher.Form>
      {hydrated ? (
        <button type="button" className={`${size} offer-actions__delete`} aria-haspopup="dialog" disabled={busy !== null} onClick={() => setConfirming(true)}>
          {busy === "delete" ? "Удаляем…" : "Удалить"}
        </button>
      ) : (
        <AppLink to={confirmHref} className={`${size} offer-actions__delete`} prefetch="none" preventScrollReset>
          Удалить
        </AppLink>
      )}
      {confirming ? <DeleteDialog offer={offer} fetcherKey={fetcherKey} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}

const deleteQuestion = (title: string) => `Удалить предложение «${title}»?`;
const DELETE_WARNING = "Это нельзя отменить: предложение, его версии и ссылка для клиента будут удалены.";

/** The delete's form: the same fields in the dialog and on the second step. */
function DeleteForm({ id, fetcherKey, children }: { id: number; fetcherKey: string; children: ReactNode }) {
  const fetcher = useFetcher<OfferActionReply>({ key: fetcherKey });
  return (
    <fetcher.Form method="post" className="offer-confirm__form" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value="delete" />
      {children}
    </fetcher.Form>
  );
}

/** With JavaScript: the question in a modal dialog; «Отмена» (focused first: the safe choice), Escape or the dimmed page close it. */
function DeleteDialog({ offer, fetcherKey, onClose }: { offer: ManagedOffer; fetcherKey: string; onClose: () => void }) {
  const fetcher = useFetcher<OfferActionReply>({ key: fetcherKey });
  const deleting = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "delete";
  // A refusal is said here: the page's own status line is behind the modal dialog. (A delete that
  // succeeds goes to the list; an answer the fetcher had before the dialog opened is not this one.)
  const [before] = useState(fetcher.data);
  const refused = fetcher.state === "idle" && fetcher.data && fetcher.data !== before && !fetcher.data.ok ? fetcher.data.message : null;
  const titleId = `offer-delete-title-${offer.id}`;
  const textId = `offer-delete-text-${offer.id}`;
  return (
    <ModalDialog labelledBy={titleId} describedBy={textId} onClose={onClose} className="offer-confirm" testId="offer-delete-dialog">
      <h2 id={titleId} className="offer-confirm__title">
        {deleteQuestion(offer.title)}
      </h2>
      <p id={textId}>{DELETE_WARNING}</p>
      {refused ? (
        <p className="account-message account-message--error" role="alert" data-testid="offer-delete-refused">
          {refused}
        </p>
      ) : null}
      <DeleteForm id={offer.id} fetcherKey={fetcherKey}>
        <button type="submit" className="button button--danger" disabled={deleting}>
          {deleting ? "Удаляем…" : "Удалить"}
        </button>
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Отмена
        </button>
      </DeleteForm>
    </ModalDialog>
  );
}

/**
 * Without JavaScript: the page's second step (`?confirm-delete=ID`), the same question and form;
 * «Отмена» is a link back to the page as it was. An id that names no offer of the caller's says so.
 */
export function DeleteConfirmStep({
  target,
  fetcherKey,
  cancelHref,
}: {
  target: { id: number; title: string } | { id: number; missing: true };
  fetcherKey: string;
  cancelHref: string;
}) {
  if ("missing" in target) {
    return (
      <p className="account-message account-message--error" role="alert" data-testid="offer-delete-missing">
        Предложение не найдено: возможно, его уже удалили. <AppLink to={cancelHref}>Вернуться к списку</AppLink>
      </p>
    );
  }
  return (
    <section id="offer-delete" className="offer-confirm offer-confirm--step" aria-labelledby="offer-delete-step-title" data-testid="offer-delete-step">
      <h2 id="offer-delete-step-title" className="offer-confirm__title">
        {deleteQuestion(target.title)}
      </h2>
      <p>{DELETE_WARNING}</p>
      <DeleteForm id={target.id} fetcherKey={fetcherKey}>
        <button type="submit" className="button button--danger">
          Удалить
        </button>
        <AppLink to={cancelHref} className="button" preventScrollReset>
          Отмена
        </AppLink>
      </DeleteForm>
    </section>
  );
}

/**
 * The answer of the last management action: a live region that is always there (so a change is
 * announced), showing the fetcher's answer, else the page's (no JavaScript), else `notice` (from
 * the address: «Предложение удалено»). `focusNotice`: the notice takes the focus when it shows (after
 * a delete the row, and the dialog's opener with it, is gone). `float`: the fetcher's answer floats
 * at the bottom of the screen (on a long list the row acted on is far below the top) until closed
 * or replaced.
 */
export function ManageStatus({
  fetcherKey,
  reply,
  notice = null,
  focusNotice = false,
  float = false,
}: {
  fetcherKey: string;
  reply: OfferActionReply | null;
  notice?: string | null;
  focusNotice?: boolean;
  float?: boolean;
}) {
  const fetcher = useFetcher<OfferActionReply>({ key: fetcherKey });
  // An answer the fetcher had before this address was opened (a delete's redirect keeps the last
  // one) is not news: only one it got here is shown.
  const location = useLocation();
  const [before, setBefore] = useState({ key: location.key, data: fetcher.data });
  if (before.key !== location.key) setBefore({ key: location.key, data: fetcher.data });
  const [closed, setClosed] = useState<OfferActionReply | null>(null);
  const latest = fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== before.data ? fetcher.data : null;
  const fresh = latest !== null && latest !== closed ? latest : null;
  const answer = fresh ?? (latest === null ? reply : null);
  const message = answer ? answer.message : latest === null ? notice : null;
  const ok = answer ? answer.ok : true;
  const focusable = focusNotice && !answer && message !== null;
  const floating = float && fresh !== null;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusable) noticeRef.current?.focus();
  }, [focusable, notice]);
  return (
    <div className={`offer-manage-status${floating ? " offer-manage-status--float" : ""}`} aria-live="polite" data-testid="offer-manage-status">
      {message ? (
        <p ref={noticeRef} className={`account-message account-message--${ok ? "ok" : "error"}`} role={ok ? undefined : "alert"} tabIndex={focusable ? -1 : undefined}>
          <span>{message}</span>
          {floating ? (
            <button type="button" className="offer-manage-status__close" aria-label="Закрыть сообщение" onClick={() => setClosed(fresh)}>
              ×
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

