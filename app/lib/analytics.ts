/**
 * §9 analytics goals, reported to Yandex Metrika (ADR 032) when a counter is configured
 * (`METRIKA_ID`; the tag is app/components/metrika.tsx) and always pushed to `window.dataLayer`
 * (tests and any tag manager read it).
 *
 * Goal names, as the counter's goals must be set up in Metrika:
 * - `telephone` — a tel: link is clicked (any page: header, footer, contacts, empty results);
 * - `help` — a help link or button (mailto: the shop, the FAQ, a `data-goal="help"` element) is clicked;
 * - `order_add_to_bag` — "В корзину"; `order_send` — an order is placed;
 * - per filter of §9, `filter_<name>_open` when the shopper turns to the filter (the first focus
 *   or press inside it on a page) and `filter_<name>_click` when a value is chosen (a value link,
 *   or the price or quantity form submitted), `<name>` from FILTER_GOAL_NAMES: price, quantity,
 *   printing_variants, brand, color, material, datebook_format, delivery_period, dated, pen_type,
 *   sex, battery_capacity.
 */

/** Facet key (app/features/catalog/listing/types.ts FacetGroupView.key, plus the price and quantity forms) → §9 filter name. */
export const FILTER_GOAL_NAMES = {
  price: "price",
  quantity: "quantity",
  coatings: "printing_variants",
  brands: "brand",
  colors: "color",
  "attr:material": "material",
  "attr:datebook-format": "datebook_format",
  "attr:delivery-period": "delivery_period",
  "attr:dated": "dated",
  "attr:pen-type": "pen_type",
  "attr:sex": "sex",
  "attr:battery-capacity": "battery_capacity",
} as const;

export type FilterKey = keyof typeof FILTER_GOAL_NAMES;
export type FilterGoal = `filter_${(typeof FILTER_GOAL_NAMES)[FilterKey]}_${"open" | "click"}`;
export type Goal = "order_add_to_bag" | "order_send" | "telephone" | "help" | FilterGoal;

/** The goal of a filter's event; null for a facet §9 does not count (a new attribute, say). */
export function filterGoal(key: string, event: "open" | "click"): FilterGoal | null {
  if (!Object.hasOwn(FILTER_GOAL_NAMES, key)) return null;
  return `filter_${FILTER_GOAL_NAMES[key as FilterKey]}_${event}`;
}

type Ym = ((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[] };

declare global {
  interface Window {
    dataLayer?: unknown[];
    ym?: Ym;
  }
}

let counterId: number | null = null;

/** Set by the Metrika tag (app/components/metrika.tsx) once it is on the page. */
export function setMetrikaCounter(id: number | null) {
  counterId = id;
}

function ym(method: string, ...args: unknown[]) {
  if (counterId === null || typeof window.ym !== "function") return;
  try {
    window.ym(counterId, method, ...args);
  } catch {
    // A broken or blocked counter must never break the shop.
  }
}

export function trackGoal(goal: Goal, params?: Record<string, unknown>) {
  if (typeof window === "undefined") return;
  (window.dataLayer ??= []).push({ event: "goal", goal, ...params });
  ym("reachGoal", goal, params);
}

/** A client-side navigation (the first page view is counted by the tag's init). */
export function trackHit(url: string, referer: string) {
  if (typeof window === "undefined") return;
  ym("hit", url, { referer, title: document.title });
}
