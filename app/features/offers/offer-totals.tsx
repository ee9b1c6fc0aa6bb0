/**
 * The totals block of an offer, one for the manager's page (/cp/{id}) and the client's (/kp/{publicId}):
 * the sums as the document states them (ADR 051, 052).
 */
import type { KpTotalsData } from "#contract/kp.ts";
import { formatPrice } from "#app/features/catalog/price.ts";

/** What the block reads: the offer's sums, its totals when priced, and the delay's title for the surcharge row. */
export interface OfferTotalsSource {
  itemsPrice: number;
  printPrice: number;
  totalPrice: number;
  totals?: KpTotalsData | null;
  delay: { title: string } | null;
}

/** "в т.ч. НДС 22 %", "НДС 22 % сверху", "Без НДС". */
export function vatText(totals: Pick<KpTotalsData, "vatMode" | "vatRate">): string {
  if (totals.vatMode === "none" || totals.vatRate === null) return "Без НДС";
  return totals.vatMode === "included" ? `в т.ч. НДС ${totals.vatRate} %` : `НДС ${totals.vatRate} % сверху`;
}

/**
 * The totals as the document states them (ADR 051): goods and print, the delay's surcharge, the
 * discount already inside the goods, VAT (inside or on top), the total — so the sums add up.
 */
export function OfferTotals({ offer }: { offer: OfferTotalsSource }) {
  const t = offer.totals;
  const rows: [string, string, string?][] = [
    ["Товары", formatPrice(t?.goods ?? offer.itemsPrice)],
    ["Нанесение", formatPrice(t?.print ?? offer.printPrice)],
  ];
  if (t && t.delaySurcharge > 0) rows.push([`Надбавка за отсрочку${offer.delay ? ` (${offer.delay.title})` : ""}`, formatPrice(t.delaySurcharge), "offer-surcharge"]);
  if (t && t.discount > 0) rows.push(["в т.ч. скидка", formatPrice(t.discount)]);
  if (t && t.vatMode === "added") rows.push([vatText(t), formatPrice(t.vat), "offer-vat"]);
  return (
    <dl className="offer__totals" data-testid="offer-totals">
      {rows.map(([term, value, testId]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
      <div className="offer__total">
        <dt>Итого</dt>
        <dd data-testid="offer-total">{formatPrice(t?.total ?? offer.totalPrice)}</dd>
      </div>
      {t && t.vatMode !== "added" ? (
        <div>
          <dt>{vatText(t)}</dt>
          <dd>{t.vatMode === "included" ? formatPrice(t.vat) : "—"}</dd>
        </div>
      ) : null}
    </dl>
  );
}
