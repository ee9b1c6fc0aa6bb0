/**
 * The header's cart entry with the number of lines (§4 anonymous cart), in the header's one
 * counter pattern (app/features/shopping/header-count.tsx). The server renders it empty, since
 * pages are shared by the page cache; other tabs' changes arrive via `storage`.
 */
import { HeaderCount } from "#app/features/shopping/header-count.tsx";
import { cartLineCount } from "./cart.ts";
import { useCart } from "./use-cart.ts";

export function CartEntry() {
  const { cart } = useCart();
  return <HeaderCount to="/cart" icon="cart" label="Корзина" count={cartLineCount(cart)} testId="cart-count" />;
}
