/**
 * /cart (§2, §3 cart page, §4): the anonymous cart from local storage (tmg_cart), priced on the
 * server through this route's action (ADR 027). Lines with picture, title, variation, SKU,
 * editable count, price tier, editable coating lines and a comment; the order comment, attached
 * layouts, the totals and "Оформить заказ" (blocked while empty, while a coating line is
 * incomplete, and below the minimal order, §4). Personal: private, noindex; without JavaScript
 * it says a cart needs it and how to order by phone or e-mail.
 */
import { useCallback, useMemo, useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/cart";
import { endpoints } from "#contract/index.ts";
import { toCoatingChoice } from "#app/features/coating/coating-form.ts";
import { priceLocalCart, CART_UNREADABLE_MESSAGE } from "#app/features/cart/cart.server.ts";
import { cartItems, orderingBlock, setOrderComment, MAX_ORDER_COMMENT, type LocalCart } from "#app/features/cart/cart.ts";
import { cartIssues, EMPTY_CART_VIEW, type CartPriceAnswer } from "#app/features/cart/cart-view.ts";
import { useCartPage } from "#app/features/cart/use-cart.ts";
import { useDraft } from "#app/features/cart/use-draft.ts";
import { useCartPricing } from "#app/features/cart/use-cart-pricing.ts";
import { CartLineRow, CartTotals, CartImages, OrderBlockNote, NoScriptCart, PricingError, RemovedNotice, indexChoices } from "#app/features/cart/cart-parts.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { isStaff } from "#app/features/offers/staff.ts";
import { OfferFromCart } from "#app/features/offers/editor/offer-from-cart.tsx";
import { SITE_NAME } from "#app/lib/seo.ts";
import cartStyles from "#app/styles/cart.css?url";

export async function loader({ context }: Route.LoaderArgs) {
  // Coating definitions for editing the lines (a shared, cached read); none is an empty list (§8).
  const coatings = await context.api.list(endpoints.coatingAll, {}, []);
  return { coatings: coatings.map(toCoatingChoice) };
}

/** intent=price: the local lines priced (§4). Anything else, or junk, is a message, never a 5xx. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const answer: CartPriceAnswer =
    form && form.get("intent") === "price"
      ? await priceLocalCart(context, form)
      : { intent: "price", key: "", cart: EMPTY_CART_VIEW, error: CART_UNREADABLE_MESSAGE, unavailable: [] };
  return data(answer, { headers: { "Cache-Control": "no-store" } });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: Route.MetaFunction = () => [{ title: `Корзина | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, hydrated, update } = useCartPage();
  const root = useRootData();
  const coatings = loaderData.coatings;
  const byId = useMemo(() => indexChoices(coatings), [coatings]);
  const pricing = useCartPricing(cart, byId, hydrated, update);
  const items = cartItems(cart);
  const shown = pricing.answer ?? pricing.latest;
  const view = shown?.cart ?? EMPTY_CART_VIEW;
  // Lines whose typed count is not a count (0, empty, over 999 999): no totals, no ordering meanwhile.
  const [badCounts, setBadCounts] = useState<ReadonlySet<number>>(() => new Set());
  const onCountProblem = useCallback((variation: number, invalid: boolean) => {
    setBadCounts((prev) => {
      if (prev.has(variation) === invalid) return prev;
      const next = new Set(prev);
      if (invalid) next.add(variation);
      else next.delete(variation);
      return next;
    });
  }, []);
  const issues = cartIssues(items, byId, view, items.filter((i) => badCounts.has(i.variation)).length);
  const block = orderingBlock({
    lineCount: items.length,
    price: view.price,
    linePrices: view.lines.map((l) => l.price),
    minimalOrderPrice: root?.minimalOrderPrice,
    issues,
  });

  return (
    <section className="cart-page">
      <h1 tabIndex={-1}>Корзина</h1>
      <NoScriptCart />
      {!hydrated ? (
        <div className="cart-page__placeholder" aria-hidden="true" />
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="cart-page__grid">
          <div className="cart-page__lines">
            <RemovedNotice count={pricing.removed} />
            {shown?.error ? <PricingError message={shown.error} retry={pricing.retry} /> : null}
            <ul className="cart-lines" aria-busy={pricing.pending}>
              {items.map((item) => (
                <CartLineRow
                  key={item.variation}
                  item={item}
                  priced={view.lines.find((l) => l.variation === item.variation) ?? null}
                  pending={pricing.pending && !shown}
                  coatings={coatings}
                  byId={byId}
                  update={update}
                  onCountProblem={onCountProblem}
                />
              ))}
            </ul>
            <OrderComment cart={cart} update={update} />
            <CartImages cart={cart} update={update} />
          </div>
          <aside className="cart-summary" aria-label="Итого">
            <CartTotals view={view} dimmed={pricing.pending} unknown={issues.badCounts > 0} />
            <OrderBlockNote block={block} pending={pricing.pending} failed={Boolean(shown?.error)} />
            {isStaff(root?.user?.roles ?? []) ? <OfferFromCart cart={cart} /> : null}
            {block.blocked || pricing.pending ? (
              <button type="button" className="button button--primary button--large cart-summary__order" disabled data-testid="order-button">
                Оформить заказ
              </button>
            ) : (
              <AppLink to="/cart/ordering" className="button button--primary button--large cart-summary__order" data-testid="order-button">
                Оформить заказ
              </AppLink>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="cart-page__empty" data-testid="cart-empty">
      <p>В корзине пока ничего нет.</p>
      <AppLink to="/catalog" className="button button--primary">
        Перейти в каталог
      </AppLink>
    </div>
  );
}

function OrderComment({ cart, update }: { cart: LocalCart; update: (change: (cart: LocalCart) => LocalCart) => void }) {
  // Follows the stored comment while not being typed in: another tab's edit shows (§4 tabs).
  const comment = useDraft(cart.comment);
  return (
    <label className="field cart-page__comment">
      <span className="field__label">Комментарий к заказу</span>
      <textarea
        className="field__input"
        rows={3}
        maxLength={MAX_ORDER_COMMENT}
        value={comment.value}
        onFocus={comment.onFocus}
        onBlur={comment.onBlur}
        onChange={(e) => {
          comment.set(e.target.value);
          update((c) => setOrderComment(c, e.target.value));
        }}
      />
    </label>
  );
}
