/**
 * "В корзину" (§4): adds a variation with a count and coating lines to the local cart, fires the
 * §9 goal order_add_to_bag and says so (a status message; the card's button becomes a "В корзине"
 * link to /cart). Server-rendered as the plain button (the cart is known after hydration).
 */
import { useState } from "react";
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

export function AddToCart({ variation, count, coatings = [], problem = null, variant = "page" }: AddToCartProps) {
  const { cart, update } = useCart();
  const [status, setStatus] = useState<string | null>(null);
  const inCart = variation !== null ? cart.products[variation] : undefined;

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
  };

  if (variant === "card") {
    return (
      <div className="add-to-cart add-to-cart--card">
        {inCart ? (
          <AppLink to="/cart" className="button add-to-cart__in-cart" prefetch="none">
            В корзине
          </AppLink>
        ) : (
          <button type="button" className="button button--primary add-to-cart__button" onClick={onAdd} disabled={variation === null}>
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
        <button type="button" className="button button--primary add-to-cart__button" onClick={onAdd} disabled={variation === null} data-testid="add-to-cart">
          {inCart ? "Добавить ещё" : "В корзину"}
        </button>
        {inCart ? (
          <AppLink to="/cart" className="button add-to-cart__in-cart" data-testid="in-cart-link">
            В корзине: {formatCount(inCart.count)} шт. →
          </AppLink>
        ) : null}
      </div>
      <p className={problem && status === problem ? "add-to-cart__status add-to-cart__status--problem" : "add-to-cart__status"} role="status">
        {status}
      </p>
    </div>
  );
}
