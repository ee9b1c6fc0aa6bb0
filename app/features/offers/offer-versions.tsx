/**
 * /cp/{id}: the offer's sent versions (v1, v2…: when, for how much, accepted by whom), when the
 * client opened the public link, and what changed between two versions. The comparison is a GET
 * form (`?from=1&to=2`), so it works without JavaScript and can be linked.
 */
import { Form } from "react-router";
import type { Kp, KpChange } from "#contract/kp.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { formatCount } from "#app/lib/format.ts";
import { pluralRu } from "#contract/plural.ts";
import type { OfferVersions } from "./offers.server.ts";

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** "27.11.26 в 14:05" (Moscow time, §9 dates dd.mm.yy). */
export function formatMoment(iso: string): string {
  const d = new Date(Date.parse(iso) + MOSCOW_OFFSET_MS).toISOString();
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(2, 4)} в ${d.slice(11, 16)}`;
}

const value = (change: KpChange, v: string | number | null) => {
  if (v === null) return "—";
  if (typeof v === "string") return v;
  return change.kind === "count" || change.kind === "added" || change.kind === "removed" ? `${formatCount(v)} шт.` : formatPrice(v);
};

/** One change in words: "Кружка «Офис»: количество 500 шт. → 700 шт." */
export function changeText(change: KpChange): string {
  switch (change.kind) {
    case "added":
      return `Добавлена строка: ${change.title}, ${value(change, change.to)}`;
    case "removed":
      return `Удалена строка: ${change.title}`;
    case "count":
      return `${change.title}: количество ${value(change, change.from)} → ${value(change, change.to)}`;
    case "price":
      return `${change.title}: цена за шт. ${value(change, change.from)} → ${value(change, change.to)}`;
    case "print":
      return `${change.title}: нанесение ${value(change, change.from)} → ${value(change, change.to)}`;
    default:
      return `${change.title}: ${value(change, change.from)} → ${value(change, change.to)}`;
  }
}

/** "1 раз", "2 раза", "5 раз", "1 021 раз" (contract/plural.ts). */
export function openedTimes(n: number): string {
  return `${formatCount(n)} ${pluralRu(n, ["раз", "раза", "раз"])}`;
}

export function OfferVersionsBlock({
  offer,
  versions,
  origin = "",
}: {
  offer: Pick<Kp, "id" | "publicId" | "publicFirstOpenedAt" | "publicLastOpenedAt" | "publicOpenCount">;
  versions: OfferVersions;
  origin?: string;
}) {
  const list = versions.versions;
  return (
    <section className="offer__section offer-versions" aria-labelledby="offer-versions" data-testid="offer-versions">
      <h2 id="offer-versions">Отправленные версии</h2>
      <p className="offer__sub" data-testid="offer-opened">
        {offer.publicFirstOpenedAt && offer.publicLastOpenedAt
          ? `Клиент открывал ссылку ${openedTimes(offer.publicOpenCount)}: впервые ${formatMoment(offer.publicFirstOpenedAt)}, последний раз ${formatMoment(offer.publicLastOpenedAt)}.`
          : "Клиент ещё не открывал ссылку на предложение."}
      </p>
      {list.length ? (
        <p className="offer__sub" data-testid="offer-public-link">
          Страница для клиента (последняя отправленная версия, без входа): <a href={`/kp/${offer.publicId}`}>{`${origin}/kp/${offer.publicId}`}</a>
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="account-empty">Предложение ещё не отправлялось: версия появится после «Отправить клиенту» или скачивания.</p>
      ) : (
        <>
          <ul className="offer-versions__list">
            {list.map((v) => (
              <li key={v.number} data-testid="offer-version">
                <strong>v{v.number}</strong> от <time dateTime={v.createdAt}>{formatMoment(v.createdAt)}</time> — {formatPrice(v.total)}, строк: {v.linesCount}
                {v.acceptedAt ? (
                  <span className="offer-versions__accepted" data-testid="offer-version-accepted">
                    {" "}
                    ✓ принято{v.acceptedName ? ` (${v.acceptedName})` : ""} <time dateTime={v.acceptedAt}>{formatMoment(v.acceptedAt)}</time>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {list.length > 1 ? <VersionCompare offerId={offer.id} versions={versions} /> : null}
        </>
      )}
    </section>
  );
}

function VersionCompare({ offerId, versions }: { offerId: number; versions: OfferVersions }) {
  const numbers = versions.versions.map((v) => v.number).sort((a, b) => a - b);
  const from = versions.from ?? numbers.at(-2)!;
  const to = versions.to ?? numbers.at(-1)!;
  return (
    <div className="offer-versions__compare">
      <Form method="get" action={`/cp/${offerId}`} className="offer-versions__form" preventScrollReset>
        <label>
          Сравнить версию{" "}
          <select name="from" defaultValue={String(from)}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                v{n}
              </option>
            ))}
          </select>
        </label>
        <label>
          {" "}
          с версией{" "}
          <select name="to" defaultValue={String(to)}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                v{n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Что изменилось
        </button>
      </Form>
      {versions.problem ? (
        <p className="field__error" role="alert">
          {versions.problem}
        </p>
      ) : null}
      {versions.diff ? (
        <div data-testid="offer-diff" role="status">
          <h3>
            Изменения v{versions.diff.from} → v{versions.diff.to}
          </h3>
          {versions.diff.changes.length ? (
            <ul>
              {versions.diff.changes.map((c, i) => (
                <li key={`${c.kind}-${c.key}-${i}`}>{changeText(c)}</li>
              ))}
            </ul>
          ) : (
            <p>Версии не отличаются.</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
