/**
 * Print run and print price of the product page. The quantity prices the goods (price tiers);
 * a complete coating line (§5) is priced by POST /coating-price → /api/coating/recalculate,
 * debounced, through a fetcher (the product and root routes skip revalidation for it). Without
 * JavaScript the same form posts to the product page's action, which renders the page again with
 * the price.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { action as coatingPriceAction } from "#app/routes/coating-price.ts";
import type { CoatingPriceAnswer } from "#app/features/coating/coating-price.server.ts";
import { MAX_PRINT_RUN } from "#app/features/coating/coating-line.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { COATING_PRICE_ACTION, EMPTY_COATING_FORM, FIELD, readCoatingForm, type CoatingChoice, type CoatingFormValues } from "#app/features/coating/coating-form.ts";
import { printLinePricing, printLineRequest, sizeText, type PricedVariation, type PrintLineFields } from "#app/features/coating/print-line.ts";
import { PrintLineEditor } from "#app/features/coating/print-line-editor.tsx";
import { PriceTiers } from "#app/features/catalog/price-tiers.tsx";
import { formatCount } from "#app/lib/format.ts";
import { AddToCart } from "#app/features/cart/add-to-cart.tsx";
import type { LocalCoatingLine } from "#app/features/cart/cart.ts";

/** Wait this long after the last change before asking for a price. */
const DEBOUNCE_MS = 300;

/** The form's fields as typed: the coating line's and the print run. */
interface RawFields extends PrintLineFields {
  quantity: string;
}

const str = sizeText;

function rawFrom(values: CoatingFormValues): RawFields {
  return {
    coating: str(values.coating),
    variant: str(values.variant),
    width: str(values.width),
    height: str(values.height),
    // What the visitor typed, not the number it was read as: a posted 0 stays 0, with its message.
    quantity: values.quantityText ?? String(values.quantity),
    options: values.options,
  };
}

function valuesFrom(raw: RawFields, productId: number | null): CoatingFormValues {
  const values = readCoatingForm({ get: (name) => raw[name as keyof RawFields], getAll: () => raw.options });
  return { ...values, productId };
}

export interface CalculatorVariation extends PricedVariation {
  id: number;
}

export function CoatingCalculator({
  coatings,
  variation,
  leadTime = null,
  initial,
}: {
  coatings: CoatingChoice[];
  variation: CalculatorVariation | null;
  /** The group's supply term for a print run beyond the stock (contract/stock-note.ts). */
  leadTime?: string | null;
  /** The product page action's answer (a submit without JavaScript). */
  initial?: { values: CoatingFormValues; answer: CoatingPriceAnswer } | null;
}) {
  const [raw, setRaw] = useState<RawFields>(() => rawFrom(initial?.values ?? EMPTY_COATING_FORM));
  const fetcher = useFetcher<typeof coatingPriceAction>();
  const data = fetcher.data;
  const { submit } = fetcher;

  const values = valuesFrom(raw, variation?.id ?? null);
  const { coating, hint, request, key, body } = printLineRequest(values, coatings);

  // The no-JavaScript answer already priced these values: no need to ask again.
  const sent = useRef<string | null>(initial?.answer.key ?? null);
  useEffect(() => {
    if (body === null || key === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = key;
      void submit(body, { method: "post", action: COATING_PRICE_ACTION, encType: "application/x-www-form-urlencoded" });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body, key, submit]);

  const answer = key === null ? null : ([data, initial?.answer].find((a) => a?.key === key) ?? null);
  const pending = key !== null && answer === null;

  const set = (patch: Partial<RawFields>) => setRaw((r) => ({ ...r, ...patch }));
  const onLine = (line: PrintLineFields) => set(line);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // With JavaScript the price is already live; submitting only skips the wait.
    e.preventDefault();
    if (body !== null && key !== null) {
      sent.current = key;
      void submit(body, { method: "post", action: COATING_PRICE_ACTION, encType: "application/x-www-form-urlencoded" });
    }
  };

  // A run beyond the stock is still orderable (ADR 025): the note says how many wait for the supplier, and how long.
  const { unitPrice, goods, stockNote: stock, print, total } = printLinePricing({
    variation,
    quantity: values.quantity,
    quantityError: values.quantityError,
    leadTime,
    prints: values.coating !== null ? [hint === null ? (answer?.price?.price ?? null) : null] : [],
  });

  // "В корзину" (§4): this print run with this coating line, when the line is complete (§5).
  const cartLines: LocalCoatingLine[] =
    request && coating
      ? [{ id: "", coating: coating.id, width: request.width, height: request.height, variant: request.variant ?? null, options: request.options ?? [], ...(answer?.price ? { priceWithoutDiscount: answer.price.priceWithoutDiscount } : {}) }]
      : [];
  const addProblem =
    values.quantityError ??
    (values.coating !== null && hint !== null ? "Заполните параметры нанесения или выберите «Без нанесения»." : null) ??
    (variation ? null : "Выберите вариант товара.");

  return (
    <form method="post" className="calculator" onSubmit={onSubmit} aria-labelledby="calculator-title" data-testid="coating-calculator">
      <h2 id="calculator-title" className="calculator__title">
        Расчёт стоимости
      </h2>
      <input type="hidden" name={FIELD.productId} value={variation?.id ?? ""} />
      <label className="field">
        <span className="field__label">Тираж, шт.</span>
        <input
          className="field__input"
          type="number"
          name={FIELD.quantity}
          min={1}
          max={MAX_PRINT_RUN}
          step={1}
          inputMode="numeric"
          required
          value={raw.quantity}
          onChange={(e) => set({ quantity: e.target.value })}
          aria-invalid={values.quantityError ? true : undefined}
          aria-describedby={values.quantityError ? "calculator-quantity-error" : undefined}
        />
      </label>
      {values.quantityError ? (
        <p className="field__error" id="calculator-quantity-error" role="alert" data-testid="quantity-error">
          {values.quantityError}
        </p>
      ) : null}
      {variation && !values.quantityError ? (
        <PriceTiers tiers={variation.priceTiers} price={variation.price} quantity={values.quantity} />
      ) : null}

      {coatings.length > 0 ? (
        <fieldset className="calculator__coating">
          <legend>Нанесение логотипа</legend>
          <PrintLineEditor id="calculator-coating" choices={coatings} value={raw} onChange={onLine} namePrefix="" optional showUnavailableOptions />
        </fieldset>
      ) : null}

      <output className="calculator__result" aria-live="polite" data-testid="calculator-result">
        {goods !== null && unitPrice !== null ? (
          <span className="calculator__line">
            Товар: {formatCount(values.quantity)} × {formatPrice(unitPrice)} = <strong>{formatPrice(goods)}</strong>
          </span>
        ) : null}
        {stock ? (
          <span className="calculator__stock" data-testid="calculator-stock-note">
            {stock}
          </span>
        ) : null}
        {coatings.length > 0 && values.coating !== null && !values.quantityError ? (
          hint !== null ? (
            <span className="calculator__hint" data-testid="coating-hint">
              {hint}
            </span>
          ) : answer?.error ? (
            <span className="calculator__error" role="alert">
              {answer.error}
            </span>
          ) : (
            <span className="calculator__line" data-testid="coating-price" aria-busy={pending}>
              Нанесение: <strong>{print !== null ? formatPrice(print) : "считаем…"}</strong>
              {answer?.price && answer.price.discount > 0 ? <span className="calculator__discount"> (скидка {formatPrice(answer.price.discount)})</span> : null}
            </span>
          )
        ) : null}
        {total !== null ? (
          <span className="calculator__total">
            Итого: <strong data-testid="calculator-total">{formatPrice(total)}</strong>
          </span>
        ) : null}
      </output>
      <button className="button calculator__submit" type="submit">
        Рассчитать
      </button>
      <AddToCart variation={variation?.id ?? null} count={values.quantity} coatings={cartLines} problem={addProblem} />
    </form>
  );
}
