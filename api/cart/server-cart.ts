/**
 * The logged-in user's server cart (§3 "Server cart: variations, order comment text, attached
 * image ids"; §7 cart/recalculate, comment, clear, image, detail; issue 19): one `carts` row per
 * user with its `cart_items` lines, always the caller's own (there is no cart id in any request).
 *
 * - Priced exactly as cart/unauth (pricing.ts, the same instance and read cache): every call
 *   answers the priced cart, so the page re-renders from any of them.
 * - Lines keep the order they were sent in (`cart_items.id`). Variations out of sale are not
 *   stored by a write (they come back in `unavailableVariations`); a line whose group went out of
 *   sale later stays stored and is answered there until the next write drops it.
 * - Writes run under the user lock (api/auth/user-lock.ts): two tabs' writes apply one after
 *   the other, never interleaved. Pricing reads outside the write's transaction (PGlite has one
 *   connection: a read beside an open transaction would wait for it), after the commit.
 * - Images (layouts) are named by their file/upload key. Accepted: the caller's own upload, or an
 *   anonymous upload (no user) not attached anywhere — attaching makes it the caller's, so no
 *   one else can take it afterwards. Refused with 400 on `imageKeys.N`, nothing changed: a key
 *   that names nothing, another user's file, a file already in an order. Files in a cart are not
 *   swept after a day (file/service.ts); a file in an order is no longer shown by the cart.
 * - §4 login merge (`merge`, ADR 037): server lines stay as they are, local-only variations are
 *   added after them, images the caller may attach are added, unusable ones skipped.
 */
import { sql } from "drizzle-orm";
import {
  CART_IMAGES_LIMIT_MESSAGE,
  FILE_KEY_PATTERN,
  FILE_NOT_FOUND_MESSAGE,
  MAX_CART_IMAGES,
  MAX_CART_ITEMS,
  type Cart,
  type CartCoatingLine,
  type UploadedFile,
} from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { HttpError, type FieldError } from "../http/errors";
import { lockUser } from "../auth/user-lock";
import { fileUrl, thumbnailUrl } from "../file/service";
import { plainText, withoutControls } from "../shopping/plain-text";
import type { CartPricing, PricingItem } from "./pricing";

/** Own files already in an order: the order service's wording (api/order/service.ts). */
export const CART_FILE_TAKEN_MESSAGE = "Этот файл уже приложен к заказу, загрузите его ещё раз";
const CHECK_FILES = "Проверьте файлы";

type Exec = Pick<Db, "execute">;

interface CartRow {
  id: number;
  comment: string;
  imageIds: number[];
}

interface FileRow {
  id: number;
  key: string;
  userId: number | null;
  orderId: number | null;
  originalName: string;
  mimeType: string;
  size: number;
  createdAt: string | Date;
}

function toUploaded(f: FileRow): UploadedFile {
  return {
    id: Number(f.id),
    key: f.key,
    url: fileUrl(f.key),
    thumbnailUrl: f.mimeType === "application/pdf" ? null : thumbnailUrl(f.key),
    originalName: f.originalName,
    mimeType: f.mimeType,
    size: Number(f.size),
    createdAt: new Date(f.createdAt).toISOString(),
  };
}

const FILE_COLUMNS = sql`id, storage_key AS key, user_id AS "userId", order_id AS "orderId", original_name AS "originalName",
  mime_type AS "mimeType", size, created_at AS "createdAt"`;

export function createServerCart(db: Db, pricing: CartPricing) {
  async function cartRow(exec: Exec, userId: number): Promise<CartRow | null> {
    const [row] = await queryRows<CartRow>(exec, sql`SELECT id, comment, image_ids AS "imageIds" FROM carts WHERE user_id = ${userId}`);
    return row ? { id: Number(row.id), comment: row.comment, imageIds: (row.imageIds ?? []).map(Number) } : null;
  }

  /** The cart row, created when missing (inside a transaction holding the user lock). */
  async function ensureCart(exec: Exec, userId: number): Promise<CartRow> {
    await exec.execute(sql`INSERT INTO carts (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
    return (await cartRow(exec, userId))!;
  }

  async function lines(exec: Exec, cartId: number): Promise<PricingItem[]> {
    const rows = await queryRows<{ variation: number; count: number; comment: string | null; coatings: CartCoatingLine[] }>(
      exec,
      sql`SELECT product_id AS variation, count, comment, coatings FROM cart_items WHERE cart_id = ${cartId} ORDER BY id`,
    );
    return rows.map((r) => ({ variation: Number(r.variation), count: Number(r.count), comment: r.comment, coatings: Array.isArray(r.coatings) ? r.coatings : [] }));
  }

  /** Replaces the lines with `items` (those whose variation exists), in their order. */
  async function storeLines(exec: Exec, cartId: number, items: readonly PricingItem[]): Promise<void> {
    await exec.execute(sql`DELETE FROM cart_items WHERE cart_id = ${cartId}`);
    if (!items.length) return;
    const json = JSON.stringify(withoutControls(items.map((i) => ({ v: i.variation, n: i.count, c: i.comment, k: i.coatings }))));
    // Joined with products: a variation deleted meanwhile is skipped, not a foreign-key error.
    await exec.execute(sql`
      INSERT INTO cart_items (cart_id, product_id, count, comment, coatings)
      SELECT ${cartId}, p.id, (x.e->>'n')::int, x.e->>'c', COALESCE(x.e->'k', '[]'::jsonb)
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS x(e, ord)
      JOIN products p ON p.id = (x.e->>'v')::int
      ORDER BY x.ord`);
  }

  /** The cart's files still usable (not deleted, not in an order), in the cart's order. */
  async function images(exec: Exec, imageIds: readonly number[]): Promise<UploadedFile[]> {
    if (!imageIds.length) return [];
    const rows = await queryRows<FileRow>(exec, sql`SELECT ${FILE_COLUMNS} FROM files WHERE id = ANY(${`{${imageIds.join(",")}}`}::int[]) AND order_id IS NULL`);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return imageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toUploaded(row)] : [];
    });
  }

  async function answer(exec: Exec, userId: number, fresh = false, extraUnavailable: readonly number[] = []): Promise<Cart> {
    const row = await cartRow(exec, userId);
    if (!row) return (await pricing.price([], "")).cart;
    const priced = (await pricing.price(await lines(exec, row.id), row.comment, { fresh })).cart;
    return {
      ...priced,
      images: await images(exec, row.imageIds),
      unavailableVariations: [...new Set([...extraUnavailable, ...priced.unavailableVariations])],
    };
  }

  /** Splits items into those on sale (to store) and the unavailable ones. */
  async function available(items: readonly PricingItem[]): Promise<{ keep: PricingItem[]; unavailable: number[] }> {
    if (!items.length) return { keep: [], unavailable: [] };
    const { cart } = await pricing.price(items, "", { fresh: true });
    const gone = new Set(cart.unavailableVariations);
    return { keep: items.filter((i) => !gone.has(i.variation)), unavailable: cart.unavailableVariations };
  }

  /**
   * The files of `keys` the caller may attach, as ids in the keys' order; `problems` names the
   * refused ones by position (`imageKeys.N`). Claims anonymous ones for the caller.
   */
  async function usableFiles(exec: Exec, userId: number, keys: readonly string[]): Promise<{ ids: number[]; problems: FieldError[] }> {
    const wellFormed = keys.filter((k) => FILE_KEY_PATTERN.test(k));
    const rows = wellFormed.length
      ? await queryRows<FileRow>(
          exec,
          sql`SELECT ${FILE_COLUMNS} FROM files WHERE storage_key = ANY(${`{${wellFormed.join(",")}}`}::text[]) ORDER BY id FOR UPDATE`,
        )
      : [];
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const ids: number[] = [];
    const problems: FieldError[] = [];
    keys.forEach((key, i) => {
      const f = byKey.get(key);
      const mine = f && (f.userId === null || Number(f.userId) === userId);
      if (!f || !mine) problems.push({ field: `imageKeys.${i}`, message: FILE_NOT_FOUND_MESSAGE });
      else if (f.orderId !== null) problems.push({ field: `imageKeys.${i}`, message: CART_FILE_TAKEN_MESSAGE });
      else if (!ids.includes(Number(f.id))) ids.push(Number(f.id));
    });
    const claim = rows.filter((r) => r.userId === null && ids.includes(Number(r.id))).map((r) => Number(r.id));
    if (claim.length) await exec.execute(sql`UPDATE files SET user_id = ${userId} WHERE id = ANY(${`{${claim.join(",")}}`}::int[]) AND user_id IS NULL`);
    return { ids, problems };
  }

  return {
    /** §7 cart/detail. */
    detail: (userId: number) => answer(db, userId),

    /** §7 cart/recalculate: the lines become `items`. */
    async recalculate(userId: number, items: readonly PricingItem[]): Promise<Cart> {
      const { keep, unavailable } = await available(items);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const cart = await ensureCart(tx, userId);
        await storeLines(tx, cart.id, keep);
        await tx.execute(sql`UPDATE carts SET updated_at = now() WHERE id = ${cart.id}`);
      });
      return answer(db, userId, true, unavailable);
    },

    /** §7 cart/comment. */
    async comment(userId: number, text: string): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const cart = await ensureCart(tx, userId);
        await tx.execute(sql`UPDATE carts SET comment = ${plainText(text)}, updated_at = now() WHERE id = ${cart.id}`);
      });
      return answer(db, userId);
    },

    /** §7 cart/clear: lines, comment and images. */
    async clear(userId: number): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const cart = await cartRow(tx, userId);
        if (cart) {
          await tx.execute(sql`DELETE FROM cart_items WHERE cart_id = ${cart.id}`);
          await tx.execute(sql`UPDATE carts SET comment = '', image_ids = '{}', updated_at = now() WHERE id = ${cart.id}`);
        }
      });
      return answer(db, userId);
    },

    /** §7 PUT cart/image: attaches the files (all or none). */
    async addImages(userId: number, keys: readonly string[]): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const cart = await ensureCart(tx, userId);
        const { ids, problems } = await usableFiles(tx, userId, keys);
        if (problems.length) throw new HttpError(400, CHECK_FILES, problems);
        const current = (await images(tx, cart.imageIds)).map((f) => f.id);
        const next = [...current, ...ids.filter((id) => !current.includes(id))];
        if (next.length > MAX_CART_IMAGES) {
          throw new HttpError(400, CART_IMAGES_LIMIT_MESSAGE, [{ field: "imageKeys", message: CART_IMAGES_LIMIT_MESSAGE }]);
        }
        await tx.execute(sql`UPDATE carts SET image_ids = ${`{${next.join(",")}}`}::int[], updated_at = now() WHERE id = ${cart.id}`);
      });
      return answer(db, userId);
    },

    /** §7 DELETE cart/image: detaches the files of `keys` (keys not in the cart are ignored). */
    async removeImages(userId: number, keys: readonly string[]): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const cart = await cartRow(tx, userId);
        if (cart?.imageIds.length) {
          const drop = new Set(
            (await queryRows<{ id: number }>(tx, sql`SELECT id FROM files WHERE storage_key = ANY(${`{${keys.join(",")}}`}::text[])`)).map((r) => Number(r.id)),
          );
          const next = cart.imageIds.filter((id) => !drop.has(id));
          await tx.execute(sql`UPDATE carts SET image_ids = ${`{${next.join(",")}}`}::int[], updated_at = now() WHERE id = ${cart.id}`);
        }
      });
      return answer(db, userId);
    },

    /** §4 login merge (ADR 037). */
    async merge(userId: number, local: { items: readonly PricingItem[]; comment: string; imageKeys: readonly string[] }): Promise<Cart> {
      const { keep, unavailable } = await available(local.items);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const cart = await ensureCart(tx, userId);
        const server = await lines(tx, cart.id);
        const onServer = new Set(server.map((l) => l.variation));
        const merged = [...server, ...keep.filter((l) => !onServer.has(l.variation))].slice(0, MAX_CART_ITEMS);
        if (merged.length !== server.length) await storeLines(tx, cart.id, merged);
        const comment = cart.comment.trim() ? cart.comment : plainText(local.comment);
        const current = (await images(tx, cart.imageIds)).map((f) => f.id);
        const { ids } = await usableFiles(tx, userId, [...new Set(local.imageKeys)]);
        const imageIds = [...current, ...ids.filter((id) => !current.includes(id))].slice(0, MAX_CART_IMAGES);
        await tx.execute(sql`UPDATE carts SET comment = ${comment}, image_ids = ${`{${imageIds.join(",")}}`}::int[], updated_at = now() WHERE id = ${cart.id}`);
      });
      return answer(db, userId, true, unavailable);
    },
  };
}

export type ServerCart = ReturnType<typeof createServerCart>;
