/**
 * «Сделать КП из корзины» (/cart, staff only; ADR 055): the local cart (lines, print lines,
 * comments) posted to the editor's action, which creates the offer and opens its editor (or
 * shows the lines there with what the API refused).
 */
import { Form } from "react-router";
import type { LocalCart } from "#app/features/cart/cart.ts";

export function OfferFromCart({ cart }: { cart: LocalCart }) {
  const json = JSON.stringify({ products: cart.products, comment: cart.comment });
  return (
    <Form method="post" action="/cp/edit/new" className="cart-summary__offer" reloadDocument={false}>
      <input type="hidden" name="intent" value="from-cart" />
      <input type="hidden" name="cart" value={json} />
      <button type="submit" className="button" data-testid="offer-from-cart">
        Сделать КП из корзины
      </button>
    </Form>
  );
}
