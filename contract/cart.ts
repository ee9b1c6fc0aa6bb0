/**
 * §7 "Cart". §3: cart products keyed by variation id, each {variation, count, comment, coatings};
 * a coating line {id, coating, width, height, variant, priceWithoutDiscount, options}; the server
 * cart holds variations, the order comment and attached image ids; the cart page shows itemsPrice,
 * printPrice, price, totalCount, weight, images, comment, cartItems. Every cart call answers the
 * priced cart, so the page re-renders from any of them.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { id, money, quantity } from "./common.ts";
import { Product } from "./catalog.ts";
import { UploadedFile, fileKey } from "./file.ts";

/**
 * §3 coating line as the cart stores it. §5: complete only with coating, width and height (and a
 * variant when the coating has variants — checked by the server: cart/unauth answers the line with
 * `problems`, order/create_unauth a field error on `variations.N.coatings.M.variant`). Sizes in millimetres. Options are titles of the checked, enabled options.
 */
export const CartCoatingLine = z.object({
  /** Client-made line id (e.g. a UUID): a variation may carry several lines of the same coating. */
  id: z.string().min(1).max(64),
  coating: id(),
  width: z.number().positive().max(10_000),
  height: z.number().positive().max(10_000),
  variant: id().nullable().default(null),
  /** Last price the client saw; informational — the server always recalculates. */
  priceWithoutDiscount: money().optional(),
  options: z.array(z.string()).max(50).default([]),
});
export type CartCoatingLine = z.output<typeof CartCoatingLine>;
export type CartCoatingLineInput = z.input<typeof CartCoatingLine>;

/** Why a coating line could not be priced: a field of the line ("variant", "width", "options.1") and a Russian message. */
export const CoatingLineProblem = z.object({ field: z.string(), message: z.string() });
export type CoatingLineProblem = z.infer<typeof CoatingLineProblem>;

/**
 * A priced coating line: what the server computed for it. cart/unauth does not fail a whole cart
 * for one unfinished line (§8 would reset the cart page to zeros): a line that is not complete
 * (§5: a coating with variants and no variant) or does not fit its coating or product comes back
 * with `problems`, priced 0 and left out of printPrice. order/create_unauth refuses such a line
 * with a field error on `variations.N.coatings.M.<field>`.
 */
export const PricedCoatingLine = CartCoatingLine.extend({
  coatingTitle: z.string(),
  variantTitle: z.string().nullable(),
  priceWithoutDiscount: money(),
  /** Line total after discounts and the coating's minimal price. */
  price: money(),
  /** Empty when the line is priced. */
  problems: z.array(CoatingLineProblem),
});
export type PricedCoatingLine = z.infer<typeof PricedCoatingLine>;

/** §3 cart product; §5 count up to 999999. §4: a new variation is only added with count > 0. */
export const CartItemInput = z.object({
  variation: id(),
  count: quantity(),
  comment: z.string().trim().max(1000).nullable().default(null),
  coatings: z.array(CartCoatingLine).max(20).default([]),
});
export type CartItemInput = z.input<typeof CartItemInput>;

/** Variations in one cart; more is an abuse, not a gift order. */
export const MAX_CART_ITEMS = 200;

/** A priced cart line. */
export const CartLine = z.object({
  variation: id(),
  count: z.number().int(),
  comment: z.string().nullable(),
  coatings: z.array(PricedCoatingLine),
  product: Product,
  /**
   * Enough of the group to render the line and link to /catalog/goods/{group.id}, and the coatings
   * (print types) it accepts, as ProductGroup.coatings: the cart offers only those, as the product
   * page does. Absent from a backend that does not send it: the cart cannot narrow its choice.
   */
  group: z.object({ id: id(), title: z.string(), slug: z.string(), image: z.string().nullable(), coatings: z.array(id()).optional() }),
  /** Per item, the price tier reached by `count`. */
  unitPrice: money(),
  /** unitPrice × count. */
  itemsPrice: money(),
  /** Sum of the coating lines. */
  printPrice: money(),
  /** itemsPrice + printPrice. A 0 here does not block ordering (§4). */
  price: money(),
  /**
   * Set when `count` is above the stock (ADR 025): the line may still be ordered — the rest is made
   * to order and a manager confirms the date — and this says so under the count, e.g. "В наличии
   * 40 шт., остальное — под заказ, срок уточнит менеджер". Null when the stock covers the count.
   */
  stockNote: z.string().nullable().default(null),
  /** Grams, weight × count. */
  weight: z.number().int().nonnegative(),
});
export type CartLine = z.infer<typeof CartLine>;

/** The priced cart (§3 cart page). §8: on a call error the page resets to EMPTY_CART-like zeros. */
export const Cart = z.object({
  cartItems: z.array(CartLine),
  itemsPrice: money(),
  printPrice: money(),
  price: money(),
  totalCount: z.number().int().nonnegative(),
  weight: z.number().int().nonnegative(),
  comment: z.string(),
  images: z.array(UploadedFile),
  /** Sent variations that no longer exist or are out of sale; the client drops them from tmg_cart. */
  unavailableVariations: z.array(id()),
});
export type Cart = z.infer<typeof Cart>;

export const EMPTY_CART: Cart = {
  cartItems: [],
  itemsPrice: 0,
  printPrice: 0,
  price: 0,
  totalCount: 0,
  weight: 0,
  comment: "",
  images: [],
  unavailableVariations: [],
};

const items = () =>
  z
    .array(CartItemInput)
    .max(MAX_CART_ITEMS, `В корзине может быть не больше ${MAX_CART_ITEMS} товаров`)
    .refine((list) => new Set(list.map((i) => i.variation)).size === list.length, "Вариации в корзине не должны повторяться");

/**
 * Replaces the server cart's lines, in the order sent (what the cart page sends after each settled
 * change). Variations out of sale are not stored and come back in `unavailableVariations`.
 */
export const CartRecalculateRequest = z.object({ items: items() });
export type CartRecalculateRequest = z.input<typeof CartRecalculateRequest>;

/** The order comment: plain text, control characters dropped by the server; "" clears it. */
export const CartCommentRequest = z.object({ text: z.string().trim().max(2000) });
export type CartCommentRequest = z.infer<typeof CartCommentRequest>;

/** Files (layouts) attached to one cart; the storefront's local cart keeps the same bound. */
export const MAX_CART_IMAGES = 20;
export const CART_IMAGES_LIMIT_MESSAGE = `К корзине можно приложить не больше ${MAX_CART_IMAGES} файлов`;

/**
 * Keys from file/upload (never the serial ids: ADR 025). The server cart accepts a key of a file
 * the caller uploaded, or an anonymous upload no one has attached yet (attaching makes it the
 * caller's); a file in an order, or another user's, is refused as not found (imageKeys.N).
 */
export const CartImagesRequest = z.object({
  imageKeys: z.array(fileKey()).min(1, "Выберите файлы").max(MAX_CART_IMAGES, CART_IMAGES_LIMIT_MESSAGE),
});
export type CartImagesRequest = z.infer<typeof CartImagesRequest>;

/**
 * §4 login merge of the local cart (tmg_cart) into the server cart, in one call and one
 * transaction (ADR 037): every server line stays as it is, local variations not on the server are
 * added after them (up to MAX_CART_ITEMS; out-of-sale ones dropped), the server comment is kept
 * unless it is empty, and the local image keys the caller may attach are added (up to
 * MAX_CART_IMAGES; keys of files gone, ordered or someone else's are skipped, not refused: a stale
 * local key must not fail the login). Answers the priced server cart; the storefront then clears
 * local storage.
 */
export const CartMergeRequest = z.object({
  items: items(),
  comment: z.string().trim().max(2000).default(""),
  imageKeys: z.array(z.string().max(100)).max(MAX_CART_IMAGES, CART_IMAGES_LIMIT_MESSAGE).default([]),
});
export type CartMergeRequest = z.input<typeof CartMergeRequest>;

/** §4: the anonymous cart (tmg_cart) is priced by this call; comment and images stay local. */
export const CartUnauthRequest = z.object({ variations: items(), comment: z.string().max(2000).optional() });
export type CartUnauthRequest = z.input<typeof CartUnauthRequest>;

const tag = "cart";

export const cartEndpoints = {
  cartRecalculate: endpoint({
    id: "cartRecalculate",
    method: "POST",
    path: "/cart/recalculate",
    tag,
    summary: "Replace the server cart lines and price them",
    auth: true,
    timeout: "default",
    body: CartRecalculateRequest,
    response: Cart,
  }),
  cartComment: endpoint({
    id: "cartComment",
    method: "PUT",
    path: "/cart/comment",
    tag,
    summary: "Set the order comment of the server cart",
    auth: true,
    timeout: "default",
    body: CartCommentRequest,
    response: Cart,
  }),
  cartClear: endpoint({
    id: "cartClear",
    method: "POST",
    path: "/cart/clear",
    tag,
    summary: "Empty the server cart (lines, comment and images)",
    auth: true,
    timeout: "default",
    response: Cart,
  }),
  cartImageAdd: endpoint({
    id: "cartImageAdd",
    method: "PUT",
    path: "/cart/image",
    tag,
    summary: "Attach uploaded images (layouts) to the server cart",
    auth: true,
    timeout: "default",
    body: CartImagesRequest,
    response: Cart,
  }),
  cartImageDelete: endpoint({
    id: "cartImageDelete",
    method: "DELETE",
    path: "/cart/image",
    tag,
    summary: "Detach images from the server cart",
    auth: true,
    timeout: "default",
    body: CartImagesRequest,
    response: Cart,
  }),
  cartDetail: endpoint({
    id: "cartDetail",
    method: "GET",
    path: "/cart/detail",
    tag,
    summary: "The priced server cart",
    auth: true,
    timeout: "default",
    response: Cart,
  }),
  cartMerge: endpoint({
    id: "cartMerge",
    method: "POST",
    path: "/cart/merge",
    tag,
    summary: "§4 on login: add the local cart's lines, comment and images to the server cart (server lines win)",
    auth: true,
    timeout: "default",
    body: CartMergeRequest,
    response: Cart,
  }),
  cartUnauth: endpoint({
    id: "cartUnauth",
    method: "POST",
    path: "/cart/unauth",
    tag,
    summary: "Price an anonymous cart; nothing is stored",
    timeout: "default",
    body: CartUnauthRequest,
    response: Cart,
  }),
};
