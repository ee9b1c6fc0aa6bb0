/**
 * The header's cart entry with the number of lines (§4 anonymous cart). The badge's place is kept
 * empty until hydration and while the cart is empty (no layout shift); the server renders it
 * empty, since pages are shared by the page cache. Other tabs' changes arrive via `storage`.
 */
import { AppLink } from "#app/lib/navigation.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { cartLineCount } from "./cart.ts";
import { useCart } from "./use-cart.ts";

export function CartEntry() {
  const { cart } = useCart();
  const lines = cartLineCount(cart);
  return (
    <AppLink to="/cart" className="header__entry header__entry--cart" aria-label={lines > 0 ? `Корзина, товаров: ${lines}` : "Корзина"}>
      <span className="header__icon">
        <Icon name="cart" />
        <span className="header__badge" data-testid="cart-count" data-count={lines} aria-hidden="true">
          {lines > 0 ? (lines > 99 ? "99+" : lines) : ""}
        </span>
      </span>
      <span>Корзина</span>
    </AppLink>
  );
}
