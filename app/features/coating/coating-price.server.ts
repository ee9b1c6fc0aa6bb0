/**
 * Prices one coating line through POST /api/coating/recalculate. Shared by the /coating-price
 * resource route (the live calculator's fetcher) and the product page's action (no JavaScript).
 */
import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import { coatingHint, postedKey, recalculateRequest, toCoatingChoice, type CoatingFormValues } from "./coating-form.ts";

/** What the page shows of a CoatingPrice. */
export interface CoatingPriceView {
  price: number;
  priceWithoutDiscount: number;
  discount: number;
  unitPrice: number;
  quantity: number;
  options: { title: string; amount: number }[];
}

export interface CoatingPriceAnswer {
  /** postedKey() of the values asked about: the page shows the answer only while they are current. */
  key: string;
  price: CoatingPriceView | null;
  /** §5: why the line is incomplete. */
  hint: string | null;
  /** §8 message when the API refused or failed. */
  error: string | null;
}

export async function priceCoatingLine(context: AppLoadContext, values: CoatingFormValues): Promise<CoatingPriceAnswer> {
  const key = postedKey(values);
  const answer = (patch: Partial<CoatingPriceAnswer>): CoatingPriceAnswer => ({ key, price: null, hint: null, error: null, ...patch });

  const all = await context.api.call(endpoints.coatingAll);
  if (!all.ok) return answer({ error: all.error.message });
  const found = all.data.find((c) => c.id === values.coating);
  const coating = found ? toCoatingChoice(found) : null;
  const hint = coatingHint(values, coating);
  if (hint !== null || !coating) return answer({ hint });

  const result = await context.api.call(endpoints.coatingRecalculate, { body: recalculateRequest(values, coating) });
  if (!result.ok) {
    // §5: field errors are shown; the first one says the most.
    return answer({ error: Object.values(result.error.errors)[0] ?? result.error.message });
  }
  const p = result.data;
  return answer({
    price: {
      price: p.price,
      priceWithoutDiscount: p.priceWithoutDiscount,
      discount: p.discount,
      unitPrice: p.unitPrice,
      quantity: p.quantity,
      options: p.options.map(({ title, amount }) => ({ title, amount })),
    },
  });
}
