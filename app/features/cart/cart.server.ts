/**
 * The server half of the anonymous cart: pricing the lines local storage holds (§4: through the
 * unauthenticated cart call, POST /api/cart/unauth) and uploading layouts and requisites
 * (POST /api/file/upload). Both go through the request's API client (ADR 027: so `API_URL`, the
 * auth cookie, timeouts and the §8 error mapping apply). Form input is the visitor's to write:
 * anything malformed is a Russian message, never an exception.
 */
import type { AppLoadContext } from "react-router";
import { endpoints, CartUnauthRequest, EMPTY_CART, MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGE, UPLOAD_TYPE_MESSAGE, type UploadedFile } from "#contract/index.ts";
import { DEFAULT_ERROR_MESSAGE } from "#app/lib/api-client.server.ts";
import { toCartView, type CartPriceAnswer } from "./cart-view.ts";
import type { CartImage } from "./cart.ts";

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
