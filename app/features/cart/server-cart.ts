/**
 * The logged-in visitor's cart in the browser (issue 19, ADR 034): the server cart mirrored in
 * memory (never in local storage: a shared computer keeps nothing after logout), changed through
 * the same `update` as the guest cart, each settled change written to the server through
 * /cart/sync (debounced) and answered priced. The cart pages show that answer (§8: an error
 * resets the page to zeros with the message and a retry). The login merge (§4) runs in
 * `startServerCart`: the guest's tmg_cart merged into the server cart (cart/merge, the rule of
 * `mergeCarts`), and only then cleared — a reload half-way merges again (server lines win: idempotent).
 */
import { cartPayload, cartItems, EMPTY_LOCAL_CART, type LocalCart } from "./cart.ts";
import { linesKey, type CartPriceAnswer } from "./cart-view.ts";
import type { CartStore } from "./cart-store.ts";

export const CART_SYNC_PATH = "/cart/sync";
export const CART_SYNC_FAILED = "Не удалось сохранить корзину. Проверьте соединение и попробуйте ещё раз.";
const DEBOUNCE_MS = 300;

export type ServerCartAnswer = { ok: true; cart: LocalCart; answer: CartPriceAnswer } | { ok: false; status?: number; answer: CartPriceAnswer };

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface SyncState {
  /** The answer for the cart as it is now; null while a change is on its way. */
  answer: CartPriceAnswer | null;
  /** The last answer received (dimmed while the next is pending). */
  latest: CartPriceAnswer | null;
  pending: boolean;
}

export interface ServerCartStore extends CartStore {
  getSync(): SyncState;
  /** Writes the cart now (the retry after an error). */
  flush(): Promise<ServerCartAnswer>;
}

/** The body /cart/sync takes for a cart. */
export function saveBody(cart: LocalCart, intent: "save" | "merge" = "save"): URLSearchParams {
  const lines = JSON.stringify(cartPayload(cart));
  return new URLSearchParams({
    intent,
    key: linesKey(lines + "\n" + cart.comment + "\n" + cart.images.map((i) => i.key).join(",")),
    lines,
    comment: cart.comment,
    images: JSON.stringify(cart.images.map((i) => i.key)),
  });
}

function errorAnswer(message: string): CartPriceAnswer {
  return { intent: "price", key: "", cart: { lines: [], itemsPrice: 0, printPrice: 0, price: 0, totalCount: 0, weight: 0 }, error: message, unavailable: [] };
}

async function call(fetchImpl: FetchLike, init?: RequestInit): Promise<ServerCartAnswer> {
  try {
    const res = await fetchImpl(CART_SYNC_PATH, { credentials: "same-origin", ...init });
    const body = (await res.json().catch(() => null)) as ServerCartAnswer | null;
    if (body && typeof body === "object" && "answer" in body) return body;
  } catch {
    // no answer (§8 "Ошибка" is the API's; here: the connection)
  }
  return { ok: false, answer: errorAnswer(CART_SYNC_FAILED) };
}

export const loadCart = (fetchImpl: FetchLike) => call(fetchImpl, { headers: { Accept: "application/json" } });
export const saveCart = (fetchImpl: FetchLike, cart: LocalCart) => call(fetchImpl, { method: "POST", body: saveBody(cart) });
export const mergeCart = (fetchImpl: FetchLike, guest: LocalCart) => call(fetchImpl, { method: "POST", body: saveBody(guest, "merge") });

/** A cart whose lines keep the store's own editing state (incomplete coating lines, line order) where the server agrees. */
export function createServerCartStore(initial: LocalCart, answer: CartPriceAnswer | null, fetchImpl: FetchLike, debounceMs = DEBOUNCE_MS): ServerCartStore {
  let cart = initial;
  let state: SyncState = { answer, latest: answer, pending: false };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sent = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const setState = (next: SyncState) => {
    state = next;
    emit();
  };

  async function flush(): Promise<ServerCartAnswer> {
    if (timer) clearTimeout(timer);
    timer = null;
    const mine = ++sent;
    const result = await saveCart(fetchImpl, cart);
    // An older answer never replaces a newer change's (only the last request counts).
    if (mine === sent) setState({ answer: result.answer, latest: result.answer, pending: false });
    return result;
  }

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    getSnapshot: () => cart,
    getSync: () => state,
    update(change) {
      const next = change(cart);
      if (next === cart) return cart;
      cart = next;
      state = { answer: null, latest: state.latest, pending: true };
      emit();
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), debounceMs);
      return cart;
    },
    clear() {
      if (cart === EMPTY_LOCAL_CART) return;
      cart = EMPTY_LOCAL_CART;
      state = { answer: null, latest: null, pending: true };
      emit();
      void flush();
    },
    flush,
  };
}

export type StartCartResult = { ok: true; store: ServerCartStore; merged: boolean } | { ok: false; message: string };

/**
 * §4 after login (and on every page load while logged in): guest lines left in tmg_cart are merged
 * into the server cart (cart/merge: local variations not on the server are kept, as mergeCarts
 * says) and tmg_cart is cleared once the server has them; else the server cart is loaded. Fails
 * (nothing cleared) when the server cannot be reached.
 */
export async function startServerCart(local: CartStore, fetchImpl: FetchLike): Promise<StartCartResult> {
  const guest = local.getSnapshot();
  const hasGuest = cartItems(guest).length > 0 || guest.images.length > 0 || guest.comment.trim() !== "";
  const result = hasGuest ? await mergeCart(fetchImpl, guest) : await loadCart(fetchImpl);
  if (!result.ok) return { ok: false, message: result.answer.error ?? CART_SYNC_FAILED };
  if (hasGuest) local.clear();
  return { ok: true, store: createServerCartStore(result.cart, result.answer, fetchImpl), merged: hasGuest };
}
