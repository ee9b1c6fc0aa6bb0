/**
 * A logged-in visitor's cart in the browser (ADR 045), the pure part: the fields /cart/sync and the
 * login merge take, the key that tells one saved cart from another, the merge's preview. Loaded
 * with the logged-in part of personal state only (account-personal.tsx), never in a guest's shell.
 */
import { cartPayload, EMPTY_LOCAL_CART, type LocalCart } from "#app/features/cart/cart.ts";
import { linesKey } from "#app/features/cart/cart-view.ts";

/** The cart merge's result as the page shows it (mergeCarts' rule: server lines stay, local-only ones follow). */
export function cartWithLeftovers(server: LocalCart, local: LocalCart): LocalCart {
  const localOnly = Object.values(local.products).filter((item) => !(String(item.variation) in server.products));
  const keys = new Set(server.images.map((i) => i.key));
  const images = [...server.images, ...local.images.filter((i) => !keys.has(i.key))];
  const comment = server.comment.trim() ? server.comment : local.comment;
  if (!localOnly.length && images.length === server.images.length && comment === server.comment) return server;
  const last = Math.max(0, ...Object.values(server.products).map((i) => i.addedAt));
  const products = { ...server.products };
  localOnly.forEach((item, index) => {
    products[String(item.variation)] = { ...item, addedAt: last + index + 1 };
  });
  return { products, comment, images, timestamp: server.timestamp };
}

/** Whether the guest's cart holds anything to merge. */
export function hasCartContent(cart: LocalCart): boolean {
  return cart !== EMPTY_LOCAL_CART && (Object.keys(cart.products).length > 0 || cart.images.length > 0 || cart.comment.trim() !== "");
}

/** The fields /cart/sync (intent=save) and /account/merge take for a cart. */
export function cartFields(cart: LocalCart, intent: "save" | "merge" = "save"): Record<string, string> {
  const lines = JSON.stringify(cartPayload(cart));
  return {
    intent,
    key: cartKey(cart),
    lines,
    comment: cart.comment,
    images: JSON.stringify(cart.images.map((i) => i.key)),
  };
}

/** What the server keeps of a cart (complete lines, trimmed comments, layouts): equal keys, same saved cart. */
export function cartKey(cart: LocalCart): string {
  return linesKey(JSON.stringify(cartPayload(cart)) + "\n" + cart.comment.trim() + "\n" + cart.images.map((i) => i.key).join(","));
}
