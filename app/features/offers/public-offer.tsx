/**
 * /kp/{publicId} (ADR 054): the offer as its client reads it — the latest sent version's document
 * (number and version, dates, seller with requisites, client, manager, lines, totals with VAT, the
 * total in words, payment delay, conditions), «Скачать PDF» and «Принять предложение». Closed:
 * «Предложение больше не действует» and the manager's contacts only. Nothing internal is in the
 * data it reads (contract KpPublic / KpDocument), so nothing internal can show.
 */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { KpDocument, KpDocumentLine, KpDocumentSeller, KpPublic } from "#contract/kp.ts";
import { formatPhone } from "#contract/phone.ts";
import { variationBesideTitle } from "#contract/kp-pricing.ts";
import { moneyInWords } from "#contract/money-words.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { DEFAULT_CARD_IMAGE } from "#app/features/catalog/card-view.ts";
import { formatCount, telHref } from "#app/lib/format.ts";
import { Field, FormMessage, useShopForm } from "#app/lib/form-fields.tsx";
import { formMessage, type FormReply } from "#app/lib/forms.ts";
import { PhoneInput } from "#app/lib/mask.tsx";
import { OfferTotals } from "./offer-totals.tsx";
import { OfferLinesHead } from "./offer-lines-head.tsx";
import { ACCEPT_FIELD, ACCEPTED_ANCHOR, ACCEPT_NAME_MAX, ACCEPT_PHONE_MAX, acceptProblems, dateTimeAttr, moscowDate, moscowMoment } from "./public-offer.ts";

export function PublicOfferView({ offer, reply }: { offer: KpPublic; reply: FormReply | null }) {
  const doc = offer.document;
  // A refusal the page's state already tells (accepted meanwhile, closed) still shows why the click did nothing.
  const refusal = formMessage(reply);
  return (
    <article className="offer public-offer" aria-labelledby="public-offer-title">
      <header className="offer__head public-offer__head">
        <p className="offer__number" data-testid="public-offer-number">
          Коммерческое предложение <span className="offer__contact">№ {offer.number}</span>
          {doc ? (
            <>
              {" "}
              <span className="public-offer__version">v{doc.version}</span> от <time dateTime={dateTimeAttr(doc.createdAt)}>{moscowDate(doc.createdAt)}</time>
            </>
          ) : null}
        </p>
        <h1 id="public-offer-title">{offer.title}</h1>
        {doc && offer.status !== "closed" ? (
          <p className="public-offer__valid" data-testid="public-offer-valid">
            Действительно до <time dateTime={dateTimeAttr(doc.validUntil)}>{moscowDate(doc.validUntil)}</time> включительно
          </p>
        ) : null}
      </header>
      {offer.status === "closed" || !doc ? (
        <ClosedOffer offer={offer} refusal={refusal} />
      ) : (
        <>
          {offer.status === "accepted" ? <AcceptedNote offer={offer} /> : null}
          <p className="offer__downloads">
            <a className="button" href={`/kp/${offer.publicId}/pdf`} data-testid="public-offer-pdf">
              Скачать PDF
            </a>
          </p>
          <DocumentParties doc={doc} />
          <section className="offer__section" aria-labelledby="public-offer-lines">
            <h2 id="public-offer-lines">Товары</h2>
            <PublicOfferLines lines={doc.lines} />
          </section>
          <section className="offer__section public-offer__sums" aria-label="Итоги">
            <OfferTotals
              offer={{ itemsPrice: doc.totals.goods, printPrice: doc.totals.print, totalPrice: doc.totals.total, totals: doc.totals, delay: doc.delay }}
            />
            <p className="public-offer__words" data-testid="public-offer-words">
              Всего к оплате: {moneyInWords(doc.totals.total)}
              {doc.totals.vatMode === "none" ? ", без НДС" : ""}.
            </p>
          </section>
          <PaymentAndConditions doc={doc} />
          {offer.status === "open" ? <AcceptSection offer={offer} version={doc.version} reply={reply} /> : refusal ? <FormMessage message={refusal} testId="public-offer-refusal" /> : null}
        </>
      )}
    </article>
  );
}

/** «Предложение больше не действует» and how to reach the manager (no document, no form). */
function ClosedOffer({ offer, refusal }: { offer: KpPublic; refusal: string | null }) {
  return (
    <section className="public-offer__closed" aria-labelledby="public-offer-closed" data-testid="public-offer-closed">
      <h2 id="public-offer-closed">{offer.message ?? "Предложение больше не действует"}</h2>
      {refusal && refusal !== offer.message ? <FormMessage message={refusal} testId="public-offer-refusal" /> : null}
      <p>Чтобы получить новое предложение, свяжитесь с вашим менеджером.</p>
      <ManagerContacts manager={offer.manager} />
    </section>
  );
}

function AcceptedNote({ offer }: { offer: KpPublic }) {
  return (
    <p className="public-offer__accepted" id={ACCEPTED_ANCHOR} role="status" data-testid="public-offer-accepted">
      Предложение принято
      {offer.acceptedVersion ? ` (версия v${offer.acceptedVersion})` : ""}
      {offer.acceptedAt ? (
        <>
          {" "}
          <time dateTime={offer.acceptedAt}>{moscowMoment(offer.acceptedAt)}</time>
        </>
      ) : null}
      {offer.acceptedName ? `, ${offer.acceptedName}` : ""}. Менеджер свяжется с вами, чтобы оформить заказ.
    </p>
  );
}

function ManagerContacts({ manager }: { manager: KpPublic["manager"] }) {
  return (
    <p className="public-offer__manager" data-testid="public-offer-manager">
      <span>Ваш менеджер: {manager.name}</span>
      {manager.phone ? (
        <a className="offer__contact" href={telHref(manager.phone)}>
          {formatPhone(manager.phone)}
        </a>
      ) : null}
      {manager.email ? <a href={`mailto:${manager.email}`}>{manager.email}</a> : null}
    </p>
  );
}

/** The seller with its requisites, the client, the contact person and the manager. */
function DocumentParties({ doc }: { doc: KpDocument }) {
  const rows: [string, ReactNode][] = [];
  if (doc.seller) rows.push(["Поставщик", <SellerRequisites seller={doc.seller} />]);
  if (doc.client) rows.push(["Покупатель", `${doc.client.title}${doc.client.inn ? `, ИНН ${doc.client.inn}` : ""}`]);
  if (doc.representative) {
    const rep = doc.representative;
    rows.push([
      "Контактное лицо",
      <>
        {rep.name}
        {rep.email || rep.phone ? <span className="offer__sub">{[rep.email, rep.phone ? formatPhone(rep.phone) : null].filter(Boolean).join(", ")}</span> : null}
      </>,
    ]);
  }
  rows.push([
    "Менеджер",
    <>
      {doc.manager.name}
      {doc.manager.phone ? (
        <a className="offer__sub offer__contact" href={telHref(doc.manager.phone)}>
          {formatPhone(doc.manager.phone)}
        </a>
      ) : null}
      {doc.manager.email ? (
        <a className="offer__sub" href={`mailto:${doc.manager.email}`}>
          {doc.manager.email}
        </a>
      ) : null}
    </>,
  ]);
  return (
    <dl className="offer__details public-offer__parties" data-testid="public-offer-parties">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SellerRequisites({ seller }: { seller: KpDocumentSeller }) {
  const ids = [`ИНН ${seller.inn}`, seller.kpp ? `КПП ${seller.kpp}` : null, seller.ogrn ? `ОГРН ${seller.ogrn}` : null].filter(Boolean).join(", ");
  const bank = [
    seller.checkingAccount ? `р/с ${seller.checkingAccount}` : null,
    seller.bankTitle,
    seller.bik ? `БИК ${seller.bik}` : null,
    seller.correspondentAccount ? `к/с ${seller.correspondentAccount}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      {seller.name}
      <span className="offer__sub">{ids}</span>
      {seller.address ? <span className="offer__sub">{seller.address}</span> : null}
      {bank ? <span className="offer__sub">{bank}</span> : null}
    </>
  );
}

function LineVariation({ line }: { line: KpDocumentLine }) {
  const variation = variationBesideTitle(line.title, line.variation);
  return variation ? <span className="offer__sub">{variation}</span> : null;
}

/** The lines as the document lists them: a table on a wide screen, cards on a phone (offers.css). */
export function PublicOfferLines({ lines }: { lines: KpDocumentLine[] }) {
  return (
    <table className="offer-lines public-offer__lines" data-testid="public-offer-lines">
      <caption className="visually-hidden">Товары предложения: {lines.length}</caption>
      <OfferLinesHead />
      <tbody>
        {lines.map((line) => (
          <tr key={line.position} data-testid="public-offer-line">
            <td className="offer-lines__picture">
              <img src={line.image ?? DEFAULT_CARD_IMAGE} alt="" width={64} height={64} loading="lazy" decoding="async" />
            </td>
            <td data-label="Товар" className="offer-lines__title">
              {line.title}
              <LineVariation line={line} />
              {line.printLines.length ? (
                <ul className="offer-lines__print" aria-label="Нанесение">
                  {line.printLines.map((p, i) => (
                    <li key={i}>
                      {p.description} — {formatPrice(p.price)}
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
              {formatPrice(line.unitPrice)}
            </td>
            <td data-label="Нанесение" className="num">
              {line.printPrice > 0 ? formatPrice(line.printPrice) : "—"}
            </td>
            <td data-label="Сумма" className="num offer-lines__total">
              {formatPrice(line.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The payment delay and the conditions text (paragraphs by blank lines, plain text). */
function PaymentAndConditions({ doc }: { doc: KpDocument }) {
  const paragraphs = doc.conditions
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <section className="offer__section" aria-labelledby="public-offer-terms">
      <h2 id="public-offer-terms">Условия</h2>
      <p className="public-offer__delay" data-testid="public-offer-delay">
        Отсрочка платежа: {doc.delay && doc.delay.days > 0 ? doc.delay.title : "без отсрочки"}
      </p>
      {paragraphs.map((p, i) => (
        <p key={i} className="offer__comment">
          {p}
        </p>
      ))}
    </section>
  );
}

/**
 * «Принять предложение»: the name and an e-mail or a phone, posted to the page's action with the
 * version shown. Without JavaScript a plain post; the action redirects back to the page, which
 * then says it is accepted, or answers the errors under the fields and the API's refusal above.
 */
function AcceptSection({ offer, version, reply }: { offer: KpPublic; version: number; reply: FormReply | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const { fields, formProps } = useShopForm<{ version: string; name: string; email: string; phone: string }>({
    id: "accept",
    lastResult: reply,
    check: acceptProblems,
  });
  return (
    <section className="public-offer__accept" aria-labelledby="public-offer-accept">
      <h2 id="public-offer-accept">Принять предложение</h2>
      <p className="offer__sub">Оставьте имя и e-mail или телефон — менеджер свяжется с вами, чтобы оформить заказ по версии v{version}.</p>
      {/* The answer opens at the form (its errors), not at the top of a long page: without JavaScript nothing else scrolls there. */}
      <Form method="post" action={`/kp/${offer.publicId}#public-offer-accept`} className="public-offer__form" {...formProps} data-testid="public-offer-accept-form">
        <FormMessage message={formMessage(reply)} testId="public-offer-refusal" />
        <input type="hidden" name={ACCEPT_FIELD.version} value={String(version)} />
        <Field meta={fields.name} label="Ваше имя" autoComplete="name" maxLength={ACCEPT_NAME_MAX} />
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" inputMode="email" placeholder="name@company.ru" />
        <Field
          meta={fields.phone}
          label="Телефон"
          hint="E-mail или телефон — достаточно одного"
          render={(props) => <PhoneInput className="field__input" autoComplete="tel" maxLength={ACCEPT_PHONE_MAX} {...props} />}
        />
        <p className="public-offer__submit">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? "Отправляем…" : "Принять предложение"}
          </button>
        </p>
      </Form>
      <ManagerContacts manager={offer.manager} />
    </section>
  );
}
