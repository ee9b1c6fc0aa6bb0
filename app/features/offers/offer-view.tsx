/**
 * /cp/{id} (§2): an offer as the manager reads it: the header (who it is for, what for, the delay,
 * the manager), the lines with their print lines and prices, the totals and the comment.
 */
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import type { Kp, KpItem } from "#contract/kp.ts";
import type { PricedCoatingLine } from "#contract/cart.ts";
import { formatPhone } from "#contract/phone.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { DEFAULT_CARD_IMAGE } from "#app/features/catalog/card-view.ts";
import { dateAttr, formatDate } from "#app/features/account/lists.ts";
import { formatCount } from "#app/lib/format.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { OfferStatus, listPath } from "./offer-list.tsx";
import type { OfferActionReply, OfferVersions } from "./offers.server.ts";
import { OfferVersionsBlock } from "./offer-versions.tsx";
import { OfferLinesHead } from "./offer-lines-head.tsx";
import { DeleteConfirmStep, FavoriteToggle, ManageStatus, OfferActions, offerManageKey } from "./offer-manage.tsx";
import { OfferTotals } from "./offer-totals.tsx";

/** What the address asks the page to show once (offers.server.ts offerPageState). */
export interface OfferPageState {
  confirmDelete: boolean;
  copied: boolean;
}

const NO_STATE: OfferPageState = { confirmDelete: false, copied: false };

export function OfferView({
  offer,
  versions = null,
  reply = null,
  state = NO_STATE,
  origin = "",
}: {
  offer: Kp;
  versions?: OfferVersions | null;
  reply?: OfferActionReply | null;
  state?: OfferPageState;
  /** The shop's address as this request reached it, so the client's link reads whole (to copy into a messenger). */
  origin?: string;
}) {
  const back = listPath(offer.isHidden);
  const manageKey = offerManageKey(offer.id);
  return (
    <article className="offer" aria-labelledby="offer-title">
      <p className="offer__back">
        <AppLink to={back}>← {offer.isHidden ? "Скрытые предложения" : "Все предложения"}</AppLink>
      </p>
      <header className="offer__head">
        <h1 id="offer-title">{offer.title}</h1>
        <p className="offer__number">
          КП № {offer.number ?? offer.id} от <time dateTime={dateAttr(offer.createdAt)}>{formatDate(offer.createdAt)}</time>
        </p>
        <OfferStatus isActive={offer.isActive} isHidden={offer.isHidden} acceptedVersion={offer.acceptedVersion} sentVersion={offer.sentVersion} isExpired={offer.isExpired} />
      </header>
      {offer.canEdit && state.copied ? (
        <p className="account-message account-message--ok" data-testid="offer-copied">
          Это копия: у неё свой номер и своя ссылка для клиента, клиенту она ещё не отправлялась. Название и строки меняются в{" "}
          <Link to={`/cp/edit/${offer.id}`}>редакторе</Link>.
        </p>
      ) : null}
      {offer.canEdit && offer.isHidden ? (
        <p className="offer__hidden-note" data-testid="offer-hidden-note">
          Предложение скрыто: ссылка у клиента показывает, что оно больше не действует. «Вернуть» снова откроет её.
        </p>
      ) : null}
      <OfferDownloads offer={offer} />
      {offer.canEdit ? (
        <>
          <div className="offer__manage">
            <FavoriteToggle id={offer.id} isFavorite={offer.isFavorite} wide />
            <OfferActions offer={offer} confirmHref={`/cp/${offer.id}?confirm-delete=${offer.id}#offer-delete`} fetcherKey={manageKey} small={false} className="offer-actions--page" />
          </div>
          {state.confirmDelete ? <DeleteConfirmStep target={{ id: offer.id, title: offer.title }} fetcherKey={manageKey} cancelHref={`/cp/${offer.id}`} /> : null}
        </>
      ) : null}
      {/* Outside the controls: a refused post (a customer's, without JavaScript) says why too. */}
      <ManageStatus fetcherKey={manageKey} reply={reply && reply.intent !== "send" ? reply : null} />
      {offer.canEdit && offer.items.length ? <OfferSend offer={offer} initial={reply?.intent === "send" ? reply : null} /> : null}
      <OfferDetails offer={offer} />
      <section className="offer__section" aria-labelledby="offer-lines">
        <h2 id="offer-lines">Товары</h2>
        {offer.items.length ? <OfferLines items={offer.items} /> : <p className="account-empty">В предложении пока нет товаров.</p>}
      </section>
      <OfferTotals offer={offer} />
      {versions ? <OfferVersionsBlock offer={offer} versions={versions} origin={origin} /> : null}
      {offer.comment ? (
        <section className="offer__section" aria-labelledby="offer-comment">
          <h2 id="offer-comment">Комментарий</h2>
          <p className="offer__comment">{offer.comment}</p>
        </section>
      ) : null}
    </article>
  );
}

/**
 * The document's files (/kp/export/…, a resource route streaming the API's bytes): plain links, so
 * they download with or without JavaScript (the answer is an attachment). No `download` attribute:
 * with it a refusal (429, a busy renderer's 503) would be a failed download in the browser's bar;
 * without it the refusal opens as a short Russian page with a link back. An offer without lines has
 * no document.
 */
/** The offer's actions row: «Редактировать» (who may change it) and the files (an offer with lines). */
function OfferDownloads({ offer }: { offer: Pick<Kp, "id" | "items" | "canEdit"> }) {
  if (!offer.items.length && !offer.canEdit) return null;
  return (
    <p className="offer__downloads" data-testid="offer-downloads">
      {offer.canEdit ? (
        <Link className="button" to={`/cp/edit/${offer.id}`}>
          Редактировать
        </Link>
      ) : null}
      {offer.items.length ? (
        <>
          <a className="button" href={`/kp/export/pdf/${offer.id}`}>
            Скачать PDF
          </a>
          <a className="button" href={`/kp/export/xlsx/${offer.id}`}>
            Скачать Excel
          </a>
        </>
      ) : null}
    </p>
  );
}

/**
 * «Отправить клиенту»: a form posting to the page's action (without JavaScript the page comes back
 * with the answer; with it a fetcher, the button saying it is sending). The answer is a status line.
 */
function OfferSend({ offer, initial }: { offer: Pick<Kp, "representative" | "sentVersion">; initial: OfferActionReply | null }) {
  const fetcher = useFetcher<OfferActionReply>({ key: "offer-send" });
  const reply = fetcher.data ?? initial;
  const sending = fetcher.state !== "idle";
  const email = offer.representative?.email;
  return (
    <section className="offer__send" aria-labelledby="offer-send-title">
      <h2 id="offer-send-title" className="visually-hidden">
        Отправка клиенту
      </h2>
      <fetcher.Form method="post" className="offer__send-form">
        <input type="hidden" name="intent" value="send" />
        <button type="submit" className="button button--primary" disabled={sending} aria-describedby="offer-send-note">
          {sending ? "Отправляем…" : "Отправить клиенту"}
        </button>
        <span id="offer-send-note" className="offer__sub">
          {email
            ? `Письмо со ссылкой и PDF уйдёт на ${email}${offer.sentVersion ? `; последняя отправленная версия — v${offer.sentVersion}` : ""}`
            : "У представителя нет e-mail: версия зафиксируется, но письмо не уйдёт"}
        </span>
      </fetcher.Form>
      {reply ? (
        <p className={reply.ok ? "offer__send-done" : "offer__send-error"} role={reply.ok ? "status" : "alert"} data-testid="offer-send-result">
          {reply.message}
        </p>
      ) : null}
    </section>
  );
}

function OfferDetails({ offer }: { offer: Kp }) {
  const rep = offer.representative;
  const contacts = rep ? <Contacts email={rep.email} phone={rep.phone} /> : null;
  const managerContacts = <Contacts email={offer.manager.email} phone={offer.manager.phone} />;
  const rows: [string, ReactNode][] = [
    ["Клиент", offer.client ? `${offer.client.title}${offer.client.inn ? `, ИНН ${offer.client.inn}` : ""}` : "—"],
    [
      "Представитель",
      rep ? (
        <>
          {rep.name}
          {contacts}
        </>
      ) : (
        "—"
      ),
    ],
    ["Цель", offer.purpose?.title ?? "—"],
    ["Отсрочка платежа", offer.delay?.title ?? "Без отсрочки"],
    [
      "Менеджер",
      <>
        {offer.manager.name || "—"}
        {managerContacts}
      </>,
    ],
    ["Создано", <time dateTime={dateAttr(offer.createdAt)}>{formatDate(offer.createdAt)}</time>],
    ["Изменено", <time dateTime={dateAttr(offer.updatedAt)}>{formatDate(offer.updatedAt)}</time>],
  ];
  return (
    <dl className="offer__details" data-testid="offer-details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "mail@example.ru, +7 (921) 555-01-02", a phone never split across lines. */
function Contacts({ email, phone }: { email: string | null; phone: string | null }) {
  if (!email && !phone) return null;
  return (
    <span className="offer__sub">
      {email}
      {email && phone ? ", " : null}
      {phone ? <span className="offer__contact">{formatPhone(phone)}</span> : null}
    </span>
  );
}

/** "Тампопечать, 1 цвет, 40×20 мм": a print line in words. */
export function printLineText(c: PricedCoatingLine): string {
  return `${c.coatingTitle || "Нанесение"}${c.variantTitle ? `, ${c.variantTitle}` : ""}, ${formatCount(c.width)}×${formatCount(c.height)} мм`;
}

export function OfferLines({ items }: { items: KpItem[] }) {
  return (
    <table className="offer-lines" data-testid="offer-lines">
      <caption className="visually-hidden">Товары предложения: {items.length}</caption>
      <OfferLinesHead />
      <tbody>
        {items.map((line) => (
          <tr key={line.id} data-testid="offer-line">
            <td className="offer-lines__picture">
              <img src={line.image ?? DEFAULT_CARD_IMAGE} alt="" width={64} height={64} loading="lazy" decoding="async" />
            </td>
            <td data-label="Товар" className="offer-lines__title">
              {line.groupId ? (
                <AppLink to={`/catalog/goods/${line.groupId}`} prefetch="none">
                  {line.title}
                </AppLink>
              ) : (
                line.title
              )}
              {line.comment ? <span className="offer__sub">{line.comment}</span> : null}
              {line.coatings.length ? (
                <ul className="offer-lines__print" aria-label="Нанесение">
                  {line.coatings.map((c) => (
                    <li key={c.id}>
                      {printLineText(c)} — {formatPrice(c.price)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
            <td data-label="Артикул">{line.sku}</td>
            <td data-label="Кол-во" className="num">
              {formatCount(line.count)} шт.
            </td>
            <td data-label="Цена за шт." className="num">
              {formatPrice(line.price)}
            </td>
            <td data-label="Нанесение" className="num">
              {line.printPrice > 0 ? formatPrice(line.printPrice) : "—"}
            </td>
            <td data-label="Сумма" className="num offer-lines__total">
              {formatPrice(line.totalPrice)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
