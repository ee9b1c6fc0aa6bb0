/**
 * "В корзину" (§4): adds a variation with a count and coating lines to the local cart, fires the
 * §9 goal order_add_to_bag and says so (a status message; the card's button becomes a "В корзине"
 * link to /cart, which takes the focus). Server-rendered inert and invisible, its space kept (the
 * cart is known after hydration; without JavaScript it could do nothing), like the favourites and
 * comparison toggles; the product page's "В корзине: N шт." link has its place reserved.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { trackGoal } from "#app/lib/analytics.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { formatCount } from "#app/lib/format.ts";
import { addToCart, type AddResult, type LocalCoatingLine } from "./cart.ts";
import { useCart } from "./use-cart.ts";

export interface AddToCartProps {
  /** The variation (product id); null when none is chosen. */
  variation: number | null;
  count: number;
  coatings?: readonly LocalCoatingLine[];
  /** Why it cannot be added now (shown instead of adding); null when it can. */
  problem?: string | null;
  /** The product page: the button stays (adding again adds to the count, §4), with a link beside it. */
  variant?: "card" | "page";
}

const noSubscribe = () => () => {};
const yes = () => true;
const no = () => false;

export function AddToCart({ variation, count, coatings = [], problem = null, variant = "page" }: AddToCartProps) {
  const { cart, update } = useCart();
  // False on the server and while hydrating: the button is inert and invisible (its space kept),
  // as the favourites and comparison toggles are; without JavaScript it would do nothing.
  const hydrated = useSyncExternalStore(noSubscribe, yes, no);
  const [status, setStatus] = useState<string | null>(null);
  const inCart = variation !== null ? cart.products[variation] : undefined;
  // The card's button becomes a link once added: focus follows it (else it falls to <body>).
  const slot = useRef<HTMLDivElement>(null);
  const [focusLink, setFocusLink] = useState(false);
  useEffect(() => {
    if (!focusLink || !inCart) return;
    setFocusLink(false);
    slot.current?.querySelector<HTMLElement>(".add-to-cart__in-cart")?.focus();
  }, [focusLink, inCart]);

  const onAdd = () => {
    if (problem) {
      setStatus(problem);
      return;
    }
    if (variation === null) return;
    const outcome: { result: AddResult } = { result: "rejected" };
    update((current) => {
      const next = addToCart(current, { variation, count, coatings });
      outcome.result = next.result;
      return next.cart;
    });
    if (outcome.result === "rejected") {
      setStatus("Не удалось добавить: в корзине уже слишком много товаров или неверное количество.");
      return;
    }
    trackGoal("order_add_to_bag", { variation, count });
    setStatus(`${outcome.result === "added" ? "Добавлено в корзину" : "Количество в корзине увеличено"}: ${formatCount(count)} шт.`);
    if (variant === "card") setFocusLink(true);
  };

  if (variant === "card") {
    return (
      <div className="add-to-cart add-to-cart--card" ref={slot}>
        {inCart ? (
          <AppLink to="/cart" className="button add-to-cart__in-cart" prefetch="none">
            В корзине
          </AppLink>
        ) : (
          <button type="button" className="button button--primary add-to-cart__button" onClick={onAdd} disabled={!hydrated || variation === null} data-hydrated={hydrated}>
            В корзину
          </button>
        )}
        <span className="add-to-cart__status visually-hidden" role="status">
          {status}
        </span>
      </div>
    );
  }

  return (
    <div className="add-to-cart">
      <div className="add-to-cart__row">
        <button
          type="button"
          className="button button--primary add-to-cart__button"
          onClick={onAdd}
          disabled={!hydrated || variation === null}
          data-hydrated={hydrated}
          data-testid="add-to-cart"
        >
          {/* Both labels take the same cell, so the button's width is the same whichever is shown. */}
          <span className="add-to-cart__labels">
            <span className={inCart ? "add-to-cart__label add-to-cart__label--off" : "add-to-cart__label"}>В корзину</span>
            <span className={inCart ? "add-to-cart__label" : "add-to-cart__label add-to-cart__label--off"}>Добавить ещё</span>
          </span>
        </button>
        {/* Always there, empty while the variation is not in the cart (and on the server): the
            link's appearance after hydration moves nothing (CLS, cached pages). */}
        <span className="add-to-cart__slot">
          {inCart ? (
            <AppLink to="/cart" className="button add-to-cart__in-cart" data-testid="in-cart-link">
              В корзине: {formatCount(inCart.count)} шт. →
            </AppLink>
          ) : (
            <span className="button add-to-cart__in-cart add-to-cart__in-cart--placeholder" aria-hidden="true">
              В корзине
            </span>
          )}
        </span>
      </div>
      <p className={problem && status === problem ? "add-to-cart__status add-to-cart__status--problem" : "add-to-cart__status"} role="status">
        {status}
      </p>
    </div>
  );
}
