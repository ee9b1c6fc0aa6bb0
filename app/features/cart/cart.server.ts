/**
 * The server half of the anonymous cart: pricing the lines local storage holds (§4: through the
 * unauthenticated cart call, POST /api/cart/unauth) and uploading layouts and requisites
 * (POST /api/file/upload). Both go through the request's API client (ADR 027: so `API_URL`, the
 * auth cookie, timeouts and the §8 error mapping apply). Form input is the visitor's to write:
 * anything malformed is a Russian message, never an exception.
 */
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { endpoints, fileKey, CartUnauthRequest, EMPTY_CART, MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGE, UPLOAD_TYPE_MESSAGE, type Cart, type UploadedFile } from "#contract/index.ts";
import { DEFAULT_ERROR_MESSAGE } from "#app/lib/api-client.server.ts";
import { toCartView, type CartPriceAnswer } from "./cart-view.ts";
import type { CartImage, LocalCart, LocalCartItem } from "./cart.ts";

/** The posted lines (JSON) beyond this are not a cart (200 full lines are ~250 KB). */
export const MAX_LINES_CHARS = 600_000;

export const CART_UNREADABLE_MESSAGE = "Не удалось прочитать корзину. Обновите страницу и попробуйте ещё раз.";

interface FormLike {
  get(name: string): FormDataEntryValue | null;
}

const field = (form: FormLike, name: string): string => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The posted `lines` field as the API's variations, or null when it is not a cart. */
export function readLines(raw: string): CartUnauthRequest["variations"] | null {
  if (!raw || raw.length > MAX_LINES_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = CartUnauthRequest.shape.variations.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The first field error says the most (§5); else the message (§8). */
function messageOf(error: { message: string; errors: Record<string, string> }): string {
  return Object.values(error.errors)[0] ?? error.message ?? DEFAULT_ERROR_MESSAGE;
}

/** POST /cart intent=price: the local lines priced. §8: on any error, zeros and the message. */
export async function priceLocalCart(context: Pick<AppLoadContext, "api">, form: FormLike): Promise<CartPriceAnswer> {
  const key = field(form, "key").slice(0, 64);
  const answer = (patch: Partial<CartPriceAnswer>): CartPriceAnswer => ({
    intent: "price",
    key,
    cart: toCartView(EMPTY_CART),
    error: null,
    unavailable: [],
    ...patch,
  });
  const variations = readLines(field(form, "lines"));
  if (!variations) return answer({ error: CART_UNREADABLE_MESSAGE });
  if (variations.length === 0) return answer({});
  const result = await context.api.call(endpoints.cartUnauth, { body: { variations } });
  if (!result.ok) return answer({ error: messageOf(result.error) });
  return answer({
    cart: toCartView(result.data),
    unavailable: result.data.unavailableVariations.map((variation) => ({ variation })),
  });
}

// ───── uploads ─────

/**
 * What may be attached, by purpose. The API decides the type from the bytes (PNG, JPEG, WebP, PDF);
 * this is only an early, friendlier message from the file's extension. The browser's claimed type
 * is not checked: it is whatever the OS says ("" for .webp on some Windows, image/pjpeg,
 * application/x-pdf) and refused good files.
 */
export const UPLOAD_KINDS = {
  layout: { extensions: /\.(png|jpe?g|webp|pdf)$/i, message: UPLOAD_TYPE_MESSAGE },
  requisites: { extensions: /\.(png|jpe?g|webp|pdf)$/i, message: UPLOAD_TYPE_MESSAGE },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const UPLOAD_TOO_LARGE_MESSAGE = UPLOAD_SIZE_MESSAGE;
export const UPLOAD_MISSING_MESSAGE = "Выберите файл.";

export type UploadResult = { ok: true; file: CartImage } | { ok: false; error: string };

/** Checks a posted file against its purpose, then uploads it (file/upload). */
export async function uploadFile(context: Pick<AppLoadContext, "api">, value: FormDataEntryValue | null, kind: UploadKind): Promise<UploadResult> {
  if (!value || typeof value === "string" || value.size === 0) return { ok: false, error: UPLOAD_MISSING_MESSAGE };
  if (value.size > MAX_UPLOAD_BYTES) return { ok: false, error: UPLOAD_TOO_LARGE_MESSAGE };
  const rule = UPLOAD_KINDS[kind];
  const name = (value.name || "file").slice(-200);
  if (!rule.extensions.test(name)) return { ok: false, error: rule.message };
  const result = await context.api.call(endpoints.fileUpload, { body: { file: value } });
  if (!result.ok) return { ok: false, error: messageOf(result.error) };
  return { ok: true, file: toCartImage(result.data) };
}

export function toCartImage(file: UploadedFile): CartImage {
  return { id: file.id, key: file.key, url: file.url, thumbnailUrl: file.thumbnailUrl, originalName: file.originalName, mimeType: file.mimeType, size: file.size };
}

// ───── the logged-in visitor's server cart (issue 19, ADR 034) ─────


/** The server cart as the browser's store holds it (a LocalCart) with its priced view. */
export type ServerCartAnswer =
  | { ok: true; cart: LocalCart; answer: CartPriceAnswer }
  | { ok: false; status: number; answer: CartPriceAnswer };

export const CART_LOGIN_NEEDED_MESSAGE = "Войдите, чтобы корзина сохранялась в личном кабинете";

/** The API's cart → the store's cart (lines in the server's order; images as file/upload gave them). */
export function serverCartToLocal(cart: Cart): LocalCart {
  const products: Record<string, LocalCartItem> = {};
  cart.cartItems.forEach((line, index) => {
    products[String(line.variation)] = {
      variation: line.variation,
      count: line.count,
      comment: line.comment,
      coatings: line.coatings.map((c) => ({
        id: c.id,
        coating: c.coating,
        width: c.width,
        height: c.height,
        variant: c.variant,
        priceWithoutDiscount: c.priceWithoutDiscount,
        options: c.options,
      })),
      addedAt: index + 1,
    };
  });
  return { products, comment: cart.comment, images: cart.images.map(toCartImage), timestamp: 0 };
}

const ImageKeys = z.array(fileKey()).max(20);

function readImageKeys(raw: string): string[] | null {
  if (!raw) return [];
  try {
    const parsed = ImageKeys.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function serverAnswer(key: string, cart: Cart | null, error: string | null, status = 200): ServerCartAnswer {
  const answer: CartPriceAnswer = {
    intent: "price",
    key,
    cart: toCartView(cart ?? EMPTY_CART),
    error,
    unavailable: (cart?.unavailableVariations ?? []).map((variation) => ({ variation })),
  };
  return cart && !error ? { ok: true, cart: serverCartToLocal(cart), answer } : { ok: false, status, answer };
}

const statusOf = (error: { status: number }) => (error.status >= 400 && error.status < 500 ? error.status : 502);

/** GET /cart/sync: the priced server cart (cart/detail). §8: on an error, zeros and the message. */
export async function loadServerCart(context: Pick<AppLoadContext, "api" | "isAuthenticated">): Promise<ServerCartAnswer> {
  if (!context.isAuthenticated) return serverAnswer("", null, CART_LOGIN_NEEDED_MESSAGE, 401);
  const result = await context.api.call(endpoints.cartDetail, {});
  return result.ok ? serverAnswer("", result.data, null) : serverAnswer("", null, messageOf(result.error), statusOf(result.error));
}

/** What /cart/sync's merge and save post: the lines, layouts and comment, or the answer refusing them. */
function readPostedCart(context: Pick<AppLoadContext, "isAuthenticated">, form: FormLike) {
  const key = field(form, "key").slice(0, 64);
  if (!context.isAuthenticated) return { ok: false as const, answer: serverAnswer(key, null, CART_LOGIN_NEEDED_MESSAGE, 401) };
  const items = readLines(field(form, "lines"));
  const imageKeys = readImageKeys(field(form, "images").slice(0, 4000));
  const comment = field(form, "comment").trim();
  if (!items || !imageKeys || comment.length > 2000) return { ok: false as const, answer: serverAnswer(key, null, CART_UNREADABLE_MESSAGE, 400) };
  return { ok: true as const, key, items, imageKeys, comment };
}

/**
 * POST /cart/sync intent=merge (§4 after login): the guest's lines, comment and layouts added to
 * the server cart by cart/merge (local variations not on the server are kept; server lines win, so
 * a merge sent twice — a reload half-way — changes nothing the second time).
 */
export async function mergeServerCart(context: Pick<AppLoadContext, "api" | "isAuthenticated">, form: FormLike): Promise<ServerCartAnswer> {
  const posted = readPostedCart(context, form);
  if (!posted.ok) return posted.answer;
  const { key, items, imageKeys, comment } = posted;
  const result = await context.api.call(endpoints.cartMerge, { body: { items, comment, imageKeys } });
  return result.ok ? serverAnswer(key, result.data, null) : serverAnswer(key, null, messageOf(result.error), statusOf(result.error));
}

/**
 * POST /cart/sync intent=save: makes the server cart what the store holds — the lines
 * (cart/recalculate replaces them, comments included), the order comment (cart/comment when it
 * differs) and the attached layouts by key (cart/image added and removed to match) — and answers
 * it priced. The login merge (mergeCarts in the browser) is a save of the merged cart.
 */
export async function saveServerCart(context: Pick<AppLoadContext, "api" | "isAuthenticated">, form: FormLike): Promise<ServerCartAnswer> {
  const posted = readPostedCart(context, form);
  if (!posted.ok) return posted.answer;
  const { key, items, imageKeys, comment } = posted;
  const recalculated = await context.api.call(endpoints.cartRecalculate, { body: { items } });
  if (!recalculated.ok) return serverAnswer(key, null, messageOf(recalculated.error), statusOf(recalculated.error));
  let cart = recalculated.data;
  if (cart.comment !== comment) {
    const r = await context.api.call(endpoints.cartComment, { body: { text: comment } });
    if (!r.ok) return serverAnswer(key, null, messageOf(r.error), statusOf(r.error));
    cart = r.data;
  }
  const have = new Set(cart.images.map((i) => i.key));
  const add = imageKeys.filter((k) => !have.has(k));
  const drop = [...have].filter((k) => !imageKeys.includes(k));
  if (add.length) {
    const r = await context.api.call(endpoints.cartImageAdd, { body: { imageKeys: add } });
    if (!r.ok) return serverAnswer(key, null, messageOf(r.error), statusOf(r.error));
    cart = r.data;
  }
  if (drop.length) {
    const r = await context.api.call(endpoints.cartImageDelete, { body: { imageKeys: drop } });
    if (!r.ok) return serverAnswer(key, null, messageOf(r.error), statusOf(r.error));
    cart = r.data;
  }
  return serverAnswer(key, cart, null);
}
