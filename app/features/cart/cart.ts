/**
 * The anonymous cart (§3, §4, §5, §9): what local storage keeps under `tmg_cart`, and the rules
 * that change it. Pure functions, no React and no zod (this module is in every page's bundle:
 * the header counts the lines). Anything read from storage is the visitor's to write, so
 * `parseCart` turns any value into a valid cart and never throws.
 *
 * Stored shape (§3: products keyed by variation id, each {variation, count, comment, coatings},
 * plus an order comment; §4: with a timestamp):
 * `{ products: { "<variation>": { variation, count, comment, coatings, addedAt } }, comment, images, timestamp }`.
 */
import type { UploadedFile } from "#contract/file.ts";
import { isDbId } from "#contract/limits.ts";
import { DEFAULT_MINIMAL_ORDER_PRICE, minimalOrderMissing, minimalOrderPrice } from "#contract/ordering-rules.ts";

/** §9: the local storage key. */
export const CART_STORAGE_KEY = "tmg_cart";
/** §5/§9: a count (print run) is 1..999 999. */
export const MAX_COUNT = 999_999;
/** Variations in one cart (contract MAX_CART_ITEMS). */
export const MAX_CART_LINES = 200;
/** Coating lines per variation (contract CartItemInput). */
export const MAX_COATINGS_PER_LINE = 20;
/** Attached images (contract imageKeys). */
export const MAX_CART_IMAGES = 20;
export const MAX_LINE_COMMENT = 1000;
export const MAX_ORDER_COMMENT = 2000;
/** Coating options per line (contract). */
const MAX_OPTIONS = 50;
/** Sizes in millimetres (contract CartCoatingLine). */
const MAX_SIZE = 10_000;
/** Uploads (contract/file.ts, kept here so browser code needs no zod; a test keeps them equal). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_ACCEPT_TYPES = ".png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf";
export const UPLOAD_TOO_BIG = "Файл больше 10 МБ";
/** A stored value longer than this is junk, not a cart (200 full lines are ~250 KB). */
export const MAX_STORED_CHARS = 2_000_000;

/** §3 coating line. Unset parts are null while the visitor edits it (§5: complete only when set). */
export interface LocalCoatingLine {
  id: string;
  coating: number | null;
  width: number | null;
  height: number | null;
  variant: number | null;
  priceWithoutDiscount?: number;
  /** Titles of the checked, enabled options. */
  options: string[];
}

/** §3 cart product. */
export interface LocalCartItem {
  variation: number;
  count: number;
  comment: string | null;
  coatings: LocalCoatingLine[];
  /** When the variation was first added: the lines keep that order. */
  addedAt: number;
}

/**
 * An attached layout (file/upload answer, what the cart page shows of it). The order names it by
 * `key` (the random storage key, also in `url`), never by `id` (ADR 025).
 */
export type CartImage = Pick<UploadedFile, "id" | "key" | "url" | "thumbnailUrl" | "originalName" | "mimeType" | "size">;

/** contract FILE_KEY_PATTERN (kept here: browser code has no zod). */
const FILE_KEY = /^[A-Za-z0-9_-]{32}$/;
/** The key of a stored upload's address (`/api/file/{key}`), for images stored before they carried `key`. */
const KEY_IN_URL = /\/api\/file\/([A-Za-z0-9_-]{32})(?:[/?#]|$)/;

export interface LocalCart {
  products: Readonly<Record<string, LocalCartItem>>;
  comment: string;
  images: readonly CartImage[];
  /** §4: when the cart was last written (ms since the epoch); 0 for a cart never written. */
  timestamp: number;
}

export const EMPTY_LOCAL_CART: LocalCart = Object.freeze({ products: Object.freeze({}), comment: "", images: Object.freeze([]), timestamp: 0 });

// ───── reading junk safely ─────

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = isDbId;
const idOrNull = (v: unknown): number | null => (isId(v) ? v : null);
const sizeOrNull = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v > 0 && v <= MAX_SIZE ? v : null);
const text = (v: unknown, max: number): string => (typeof v === "string" ? v.slice(0, max) : "");

/** A count as stored: a whole number 1..999 999; anything else (0, negative, fractions, strings) is none. */
export function validCount(v: unknown): number | null {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 1 && v <= MAX_COUNT ? v : null;
}

/** A coating line from storage or a form; null when it is not one at all. */
export function parseCoatingLine(v: unknown, fallbackId: string): LocalCoatingLine | null {
  if (!isRecord(v)) return null;
  const id = typeof v.id === "string" && /^[\w-]{1,64}$/.test(v.id) ? v.id : fallbackId;
  const options = Array.isArray(v.options)
    ? [...new Set(v.options.filter((o): o is string => typeof o === "string" && o.length > 0 && o.length <= 200))].slice(0, MAX_OPTIONS)
    : [];
  const line: LocalCoatingLine = {
    id,
    coating: idOrNull(v.coating),
    width: sizeOrNull(v.width),
    height: sizeOrNull(v.height),
    variant: idOrNull(v.variant),
    options,
  };
  if (typeof v.priceWithoutDiscount === "number" && Number.isFinite(v.priceWithoutDiscount) && v.priceWithoutDiscount >= 0) {
    line.priceWithoutDiscount = v.priceWithoutDiscount;
  }
  return line;
}

function parseItem(v: unknown, key: string): LocalCartItem | null {
  if (!isRecord(v)) return null;
  const variation = isId(v.variation) ? v.variation : /^\d{1,10}$/.test(key) ? Number(key) : 0;
  const count = validCount(v.count);
  if (!isId(variation) || count === null) return null;
  const coatings: LocalCoatingLine[] = [];
  if (Array.isArray(v.coatings)) {
    const ids = new Set<string>();
    for (let i = 0; i < v.coatings.length && coatings.length < MAX_COATINGS_PER_LINE; i++) {
      const line = parseCoatingLine(v.coatings[i], `${variation}-${i}`);
      if (!line || ids.has(line.id)) continue;
      ids.add(line.id);
      coatings.push(line);
    }
  }
  const comment = text(v.comment, MAX_LINE_COMMENT);
  const addedAt = typeof v.addedAt === "number" && Number.isFinite(v.addedAt) ? v.addedAt : 0;
  return { variation, count, comment: comment || null, coatings, addedAt };
}

function parseImage(v: unknown): CartImage | null {
  if (!isRecord(v) || !isId(v.id) || typeof v.url !== "string" || !/^(\/|https?:\/\/)/.test(v.url) || v.url.length > 2000) return null;
  const key = typeof v.key === "string" && FILE_KEY.test(v.key) ? v.key : (KEY_IN_URL.exec(v.url)?.[1] ?? null);
  if (!key) return null;
  const thumb = typeof v.thumbnailUrl === "string" && /^(\/|https?:\/\/)/.test(v.thumbnailUrl) && v.thumbnailUrl.length <= 2000 ? v.thumbnailUrl : null;
  return {
    id: v.id,
    key,
    url: v.url,
    thumbnailUrl: thumb,
    originalName: text(v.originalName, 255),
    mimeType: text(v.mimeType, 100),
    size: typeof v.size === "number" && Number.isSafeInteger(v.size) && v.size >= 0 ? v.size : 0,
  };
}

/**
 * The stored value → a valid cart. Invalid JSON, other shapes, bad lines (no variation, count ≤ 0
 * or over 999 999), duplicate or extra coating lines, and lines beyond MAX_CART_LINES are dropped.
 */
export function parseCart(raw: string | null | undefined): LocalCart {
  if (!raw || raw.length > MAX_STORED_CHARS) return EMPTY_LOCAL_CART;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_LOCAL_CART;
  }
  if (!isRecord(value)) return EMPTY_LOCAL_CART;
  const products: Record<string, LocalCartItem> = {};
  let lines = 0;
  if (isRecord(value.products)) {
    for (const [key, entry] of Object.entries(value.products)) {
      if (lines >= MAX_CART_LINES) break;
      const item = parseItem(entry, key);
      if (!item || products[item.variation]) continue;
      products[item.variation] = item;
      lines++;
    }
  }
  const images: CartImage[] = [];
  if (Array.isArray(value.images)) {
    for (const entry of value.images) {
      if (images.length >= MAX_CART_IMAGES) break;
      const image = parseImage(entry);
      if (image && !images.some((i) => i.id === image.id)) images.push(image);
    }
  }
  const timestamp = typeof value.timestamp === "number" && Number.isFinite(value.timestamp) ? value.timestamp : 0;
  return { products, comment: text(value.comment, MAX_ORDER_COMMENT), images, timestamp };
}

export function serializeCart(cart: LocalCart, now = Date.now()): string {
  return JSON.stringify({ products: cart.products, comment: cart.comment, images: cart.images, timestamp: now });
}

// ───── reading the cart ─────

/** The lines in the order they were added. */
export function cartItems(cart: LocalCart): LocalCartItem[] {
  return Object.values(cart.products).sort((a, b) => a.addedAt - b.addedAt || a.variation - b.variation);
}

/** The header counter: lines (variations), not items. */
export function cartLineCount(cart: LocalCart): number {
  return Object.keys(cart.products).length;
}

export function isCartEmpty(cart: LocalCart): boolean {
  return cartLineCount(cart) === 0;
}

// ───── §5 coating completeness ─────

/** What completeness needs of a coating definition (coating/all). */
export interface CoatingVariantsOf {
  id: number;
  variants: readonly { id: number }[];
}

/**
 * §5: a coating line is complete only when coating, width and height are set, and, when the
 * coating has variants, a variant of that coating. A coating that no longer exists is incomplete.
 */
export function isLineComplete(line: LocalCoatingLine, coatings: ReadonlyMap<number, CoatingVariantsOf>): boolean {
  if (line.coating === null || line.width === null || line.height === null) return false;
  const coating = coatings.get(line.coating);
  if (!coating) return false;
  return coating.variants.length === 0 || (line.variant !== null && coating.variants.some((v) => v.id === line.variant));
}

/** §5: every coating line of every product complete (an empty coating list is valid). */
export function incompleteCoatingCount(cart: LocalCart, coatings: ReadonlyMap<number, CoatingVariantsOf>): number {
  let n = 0;
  for (const item of Object.values(cart.products)) for (const line of item.coatings) if (!isLineComplete(line, coatings)) n++;
  return n;
}

// ───── changes (each returns a new cart, or the same one when nothing changed) ─────

export interface AddToCartInput {
  variation: number;
  count: number;
  coatings?: readonly LocalCoatingLine[];
  comment?: string | null;
}

export type AddResult = "added" | "increased" | "rejected";

/**
 * §4: adding to a variation already in the cart adds to its count (up to 999 999) and appends the
 * coating lines (up to 20); a new variation is added only with a count > 0 (and ≤ 999 999), while
 * the cart has room.
 */
export function addToCart(cart: LocalCart, input: AddToCartInput, now = Date.now()): { cart: LocalCart; result: AddResult } {
  const count = validCount(input.count);
  if (!isId(input.variation) || count === null) return { cart, result: "rejected" };
  const coatings = (input.coatings ?? []).map((l, i) => parseCoatingLine(l, `${input.variation}-${now}-${i}`)).filter((l): l is LocalCoatingLine => l !== null);
  const existing = cart.products[input.variation];
  if (existing) {
    const ids = new Set(existing.coatings.map((l) => l.id));
    const appended = coatings.map((l, i) => (ids.has(l.id) ? { ...l, id: `${l.id}-${now}-${i}` } : l));
    const item: LocalCartItem = {
      ...existing,
      count: Math.min(MAX_COUNT, existing.count + count),
      coatings: [...existing.coatings, ...appended].slice(0, MAX_COATINGS_PER_LINE),
    };
    return { cart: { ...cart, products: { ...cart.products, [input.variation]: item } }, result: "increased" };
  }
  if (cartLineCount(cart) >= MAX_CART_LINES) return { cart, result: "rejected" };
  const comment = input.comment ? input.comment.slice(0, MAX_LINE_COMMENT) : null;
  const item: LocalCartItem = { variation: input.variation, count, comment, coatings: coatings.slice(0, MAX_COATINGS_PER_LINE), addedAt: now };
  return { cart: { ...cart, products: { ...cart.products, [input.variation]: item } }, result: "added" };
}

function updateItem(cart: LocalCart, variation: number, change: (item: LocalCartItem) => LocalCartItem): LocalCart {
  const item = cart.products[variation];
  if (!item) return cart;
  return { ...cart, products: { ...cart.products, [variation]: change(item) } };
}

/** A new count for a line: only a valid one (1..999 999) is taken (§5; the page says why otherwise). */
export function setCount(cart: LocalCart, variation: number, count: number): LocalCart {
  const valid = validCount(count);
  if (valid === null || cart.products[variation]?.count === valid) return cart;
  return updateItem(cart, variation, (item) => ({ ...item, count: valid }));
}

export function removeItem(cart: LocalCart, variation: number): LocalCart {
  if (!cart.products[variation]) return cart;
  const products = { ...cart.products };
  delete products[variation];
  return { ...cart, products };
}

/** §4/§8: variations the server says are gone (unavailableVariations) leave the cart. */
export function removeVariations(cart: LocalCart, variations: readonly number[]): LocalCart {
  if (!variations.some((v) => cart.products[v])) return cart;
  const products = { ...cart.products };
  for (const v of variations) delete products[v];
  return { ...cart, products };
}

export function setItemComment(cart: LocalCart, variation: number, comment: string): LocalCart {
  const value = comment.slice(0, MAX_LINE_COMMENT) || null;
  if (cart.products[variation]?.comment === value) return cart;
  return updateItem(cart, variation, (item) => ({ ...item, comment: value }));
}

export function setOrderComment(cart: LocalCart, comment: string): LocalCart {
  const value = comment.slice(0, MAX_ORDER_COMMENT);
  return value === cart.comment ? cart : { ...cart, comment: value };
}

/** Replaces one coating line (edited on the cart page). */
export function updateCoatingLine(cart: LocalCart, variation: number, line: LocalCoatingLine): LocalCart {
  const parsed = parseCoatingLine(line, line.id);
  if (!parsed) return cart;
  return updateItem(cart, variation, (item) => ({ ...item, coatings: item.coatings.map((l) => (l.id === line.id ? parsed : l)) }));
}

export function addCoatingLine(cart: LocalCart, variation: number, id: string): LocalCart {
  const item = cart.products[variation];
  if (!item || item.coatings.length >= MAX_COATINGS_PER_LINE) return cart;
  const line: LocalCoatingLine = { id, coating: null, width: null, height: null, variant: null, options: [] };
  return updateItem(cart, variation, (i) => ({ ...i, coatings: [...i.coatings, line] }));
}

export function removeCoatingLine(cart: LocalCart, variation: number, id: string): LocalCart {
  return updateItem(cart, variation, (item) => ({ ...item, coatings: item.coatings.filter((l) => l.id !== id) }));
}

export function addImages(cart: LocalCart, images: readonly CartImage[]): LocalCart {
  const next = [...cart.images];
  for (const image of images) if (!next.some((i) => i.id === image.id)) next.push(image);
  return { ...cart, images: next.slice(0, MAX_CART_IMAGES) };
}

export function removeImage(cart: LocalCart, id: number): LocalCart {
  return cart.images.some((i) => i.id === id) ? { ...cart, images: cart.images.filter((i) => i.id !== id) } : cart;
}

// ───── what goes to the server ─────

/** A coating line as the API takes it (CartCoatingLine input). */
export interface CoatingLinePayload {
  id: string;
  coating: number;
  width: number;
  height: number;
  variant: number | null;
  priceWithoutDiscount?: number;
  options: string[];
}

/** A cart line as the API takes it (CartItemInput). */
export interface CartItemPayload {
  variation: number;
  count: number;
  comment: string | null;
  coatings: CoatingLinePayload[];
}

function completeLine(line: LocalCoatingLine): CoatingLinePayload | null {
  if (line.coating === null || line.width === null || line.height === null) return null;
  return {
    id: line.id,
    coating: line.coating,
    width: line.width,
    height: line.height,
    variant: line.variant,
    ...(line.priceWithoutDiscount !== undefined ? { priceWithoutDiscount: line.priceWithoutDiscount } : {}),
    options: line.options,
  };
}

/**
 * The lines to price or order: every product, each with its complete coating lines (§5; an
 * incomplete line is shown with its hint on the cart page and not priced). With `coatings`
 * given, completeness includes the variant rule; without, coating, width and height suffice.
 */
export function cartPayload(
  cart: LocalCart,
  coatings?: ReadonlyMap<number, CoatingVariantsOf>,
  { comments = true }: { comments?: boolean } = {},
): CartItemPayload[] {
  return cartItems(cart).map((item) => ({
    variation: item.variation,
    count: item.count,
    // Pricing leaves comments out: typing one does not price the cart again.
    comment: comments ? item.comment?.trim() || null : null,
    coatings: item.coatings
      .filter((l) => !coatings || isLineComplete(l, coatings))
      .map(completeLine)
      .filter((l): l is CoatingLinePayload => l !== null),
  }));
}

// ───── §4 login merge ─────

/** The server cart as cart/detail gives it, reduced to what a merge needs. */
export interface ServerCartContent {
  items: readonly CartItemPayload[];
  comment: string;
  /** file/upload keys (contract CartImagesRequest). */
  imageKeys: readonly string[];
}

/**
 * §4 on login: the server and the local carts are merged. Every server line stays as it is (the
 * server is the account's cart); local variations that are not on the server are kept, appended
 * in their local order with their coatings and comments; the order comment is the server's, or the
 * local one when the server has none; images are the union. The result is the cart/recalculate
 * body (then local storage is cleared). At most MAX_CART_LINES lines.
 */
export function mergeCarts(server: ServerCartContent, local: LocalCart): ServerCartContent {
  const onServer = new Set(server.items.map((i) => i.variation));
  const localOnly = cartPayload(local).filter((i) => !onServer.has(i.variation));
  const imageKeys = [...new Set([...server.imageKeys, ...local.images.map((i) => i.key)])].slice(0, MAX_CART_IMAGES);
  return {
    items: [...server.items, ...localOnly].slice(0, MAX_CART_LINES),
    comment: server.comment.trim() ? server.comment : local.comment,
    imageKeys,
  };
}

// ───── §4 ordering rules ─────

/** §9: the minimal order price when init gives none (contract/ordering-rules.ts). */
export { DEFAULT_MINIMAL_ORDER_PRICE };

/**
 * What is wrong with the lines themselves, by kind, so the summary says what the lines say
 * (cart-view.ts cartIssues): coating lines not filled in (§5), coatings the product does not take,
 * coating lines the server could not price, and counts typed that are not 1..999 999.
 */
export interface CartIssues {
  incomplete: number;
  notOffered: number;
  refused: number;
  badCounts: number;
}

export const NO_CART_ISSUES: CartIssues = Object.freeze({ incomplete: 0, notOffered: 0, refused: 0, badCounts: 0 });

export const hasCartIssues = (issues: CartIssues): boolean => issues.incomplete + issues.notOffered + issues.refused + issues.badCounts > 0;

export type OrderingBlock =
  | { blocked: false }
  | { blocked: true; reason: "empty" }
  | { blocked: true; reason: "lines"; issues: CartIssues }
  | { blocked: true; reason: "minimum"; missing: number; minimum: number };

/**
 * §4: ordering is blocked when the cart is empty, while a line is not ready (§5: an incomplete
 * coating line; a coating the product does not take or the server could not price; a count being
 * typed that is not 1..999 999), and while the total is below the minimal order price, unless a
 * line's price is 0 (a price on request: the total is not the whole sum, so the minimum is not
 * held against it).
 */
export function orderingBlock(input: {
  lineCount: number;
  price: number;
  linePrices: readonly number[];
  minimalOrderPrice: number | null | undefined;
  issues?: CartIssues;
}): OrderingBlock {
  if (input.lineCount === 0) return { blocked: true, reason: "empty" };
  if (input.issues && hasCartIssues(input.issues)) return { blocked: true, reason: "lines", issues: input.issues };
  // The one rule the API applies too (contract/ordering-rules.ts).
  const minimum = minimalOrderPrice(input.minimalOrderPrice);
  const missing = minimalOrderMissing(input.linePrices, input.price, minimum);
  return missing > 0 ? { blocked: true, reason: "minimum", missing, minimum } : { blocked: false };
}
