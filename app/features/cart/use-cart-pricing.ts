/**
 * Prices the local cart on the server (ADR 027): the lines go to the cart page's own action
 * (POST /cart, intent=price) through a fetcher, which calls /api/cart/unauth through the server's
 * API client. Debounced; an answer is shown only for the lines it priced (the last one stays on
 * screen, dimmed, while the next is on its way). Variations the server says are gone leave
 * tmg_cart (§4), and the page says how many.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { cartPayload, removeVariations, type CoatingVariantsOf, type LocalCart } from "./cart.ts";
import { linesKey, type CartPriceAnswer } from "./cart-view.ts";
import { useServerCartSync } from "./use-cart.ts";

/** The route whose action prices a cart (app/routes/cart.tsx). */
export const CART_ACTION = "/cart";
const DEBOUNCE_MS = 250;

export function useCartPricing(cart: LocalCart, coatings: ReadonlyMap<number, CoatingVariantsOf>, hydrated: boolean, update: (change: (cart: LocalCart) => LocalCart) => void) {
  const fetcher = useFetcher<CartPriceAnswer>({ key: "cart-price" });
  // A logged-in visitor's cart is the server's (ADR 034, 045): each change is saved and priced by /cart/sync.
  const server = useServerCartSync();
  const { submit } = fetcher;
  const lines = useMemo(() => JSON.stringify(cartPayload(cart, coatings, { comments: false })), [cart, coatings]);
  const key = linesKey(lines);
  const empty = lines === "[]";
  const sent = useRef<string | null>(null);

  const price = useCallback(() => {
    sent.current = key;
    void submit({ intent: "price", key, lines }, { method: "post", action: CART_ACTION, defaultShouldRevalidate: false });
  }, [key, lines, submit]);

  useEffect(() => {
    if (server || !hydrated || empty || sent.current === key) return;
    const timer = setTimeout(price, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [server, hydrated, empty, key, price]);

  const guestLatest = empty ? null : (fetcher.data ?? null);
  const latest = server ? (empty ? null : server.latest) : guestLatest;
  const answer = server ? (empty || server.pending ? null : server.answer) : guestLatest && guestLatest.key === key ? guestLatest : null;

  // §4: variations that are no longer sold leave the local cart.
  const [removed, setRemoved] = useState(0);
  const gone = answer?.unavailable.map((u) => u.variation) ?? [];
  const goneKey = gone.join(",");
  useEffect(() => {
    if (!goneKey) return;
    const variations = goneKey.split(",").map(Number);
    update((current) => removeVariations(current, variations));
    // Added up: each answer names only the variations still in the cart when it was priced.
    setRemoved((count) => count + variations.length);
  }, [goneKey, update]);

  return {
    /** The answer for the cart as it is now; null while it is being priced. */
    answer,
    /** The last answer received (shown dimmed while the next is pending). */
    latest,
    pending: hydrated && !empty && answer === null,
    empty,
    retry: server ? server.retry : price,
    /** How many variations the last answers dropped (§4). */
    removed,
  };
}
