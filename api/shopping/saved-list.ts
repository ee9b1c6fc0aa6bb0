/**
 * The logged-in user's saved id lists (§3/§4/§5): favourites (product group ids, `favorites`, at
 * most 300) and comparison (product ids, `comparisons`, at most 150). One service, two configs.
 *
 * - Order: newest first. An add names its ids newest first (§7 "first = newest", the way the
 *   store puts an added id in front), so each call's ids get timestamps that keep that order
 *   and sit above everything saved before (under the user lock, so concurrent adds cannot
 *   interleave). Adding an id that is already saved moves it to the front, as the store does
 *   locally: the answer then matches the optimistic list.
 * - Unknown ids are ignored, not refused (decision, §4): the lists come from local storage, and
 *   a group or product that no longer exists (or is out of sale) is the storefront's "404 id" to
 *   drop, not a reason to refuse the rest of a login merge. The answer is the saved list, so the
 *   client sees what was kept.
 * - Limit (§5): an add that would take the list beyond its limit is refused whole with 400 and
 *   the §5 message, nothing saved; ids already saved do not count again. Serialised per user
 *   (lockUser), so concurrent adds cannot pass the limit together.
 * - Delete ignores ids that are not saved; both writes answer the list as it is afterwards.
 */
import { sql, type SQL } from "drizzle-orm";
import { COMPARISON_LIMIT_MESSAGE, FAVORITES_LIMIT_MESSAGE, MAX_COMPARISON, MAX_DB_ID, MAX_FAVORITES } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { intArray } from "../catalog/filters";
import { HttpError } from "../http/errors";
import { lockUser } from "../auth/user-lock";

export interface SavedListConfig {
  /** Table and id column (constants, never input). */
  table: "favorites" | "comparisons";
  column: "group_id" | "product_id";
  /** The request field the limit error names. */
  field: string;
  max: number;
  /** §5 message. */
  limitMessage: string;
  /** Of `ids`, those that may be saved (exist and are on sale). */
  usable(ids: SQL): SQL;
}

export const FAVORITES_LIST: SavedListConfig = {
  table: "favorites",
  column: "group_id",
  field: "productsGroups",
  max: MAX_FAVORITES,
  limitMessage: FAVORITES_LIMIT_MESSAGE,
  usable: (ids) => sql`SELECT g.id FROM product_groups g WHERE g.id = ANY(${ids}) AND g.is_active`,
};

export const COMPARISON_LIST: SavedListConfig = {
  table: "comparisons",
  column: "product_id",
  field: "products",
  max: MAX_COMPARISON,
  limitMessage: COMPARISON_LIMIT_MESSAGE,
  usable: (ids) => sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active WHERE p.id = ANY(${ids})`,
};

/** Distinct, in the order given (the first occurrence is the newest). */
function distinct(ids: readonly number[]): number[] {
  return [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_ID);
}

export function createSavedList(db: Db, config: SavedListConfig) {
  const table = sql.raw(config.table);
  const column = sql.raw(config.column);

  async function list(exec: Pick<Db, "execute">, userId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      exec,
      sql`SELECT ${column} AS id FROM ${table} WHERE user_id = ${userId} ORDER BY created_at DESC, ${column} DESC`,
    );
    return rows.map((r) => Number(r.id));
  }

  return {
    /** The user's ids, newest first. */
    list: (userId: number) => list(db, userId),

    /** Saves `ids` in front (first = newest); unknown ids ignored; 400 beyond the limit. */
    async add(userId: number, ids: readonly number[]): Promise<number[]> {
      const wanted = distinct(ids);
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const usable = new Set(
          (await queryRows<{ id: number }>(tx, config.usable(intArray(wanted)))).map((r) => Number(r.id)),
        );
        const adding = wanted.filter((id) => usable.has(id));
        if (adding.length) {
          const saved = new Set(await list(tx, userId));
          const fresh = adding.filter((id) => !saved.has(id)).length;
          if (saved.size + fresh > config.max) {
            throw new HttpError(400, config.limitMessage, [{ field: config.field, message: config.limitMessage }]);
          }
          // Position n (1-based) gets base − (n−1) µs; base is above every saved row by at least
          // the batch's length, so the whole batch is newer than what was saved before.
          const n = adding.length;
          await tx.execute(sql`
            WITH base AS (
              SELECT GREATEST(now(), (SELECT max(created_at) FROM ${table} WHERE user_id = ${userId}) + ${n} * interval '1 microsecond') AS t
            )
            INSERT INTO ${table} (user_id, ${column}, created_at)
            SELECT ${userId}, x.id, base.t - (x.ord - 1) * interval '1 microsecond'
            FROM unnest(${intArray(adding)}) WITH ORDINALITY AS x(id, ord), base
            ON CONFLICT (user_id, ${column}) DO UPDATE SET created_at = EXCLUDED.created_at`);
        }
        return list(tx, userId);
      });
    },

    /** Removes `ids` (those not saved are ignored); the list afterwards. */
    async remove(userId: number, ids: readonly number[]): Promise<number[]> {
      const removing = distinct(ids);
      await db.execute(sql`DELETE FROM ${table} WHERE user_id = ${userId} AND ${column} = ANY(${intArray(removing)})`);
      return list(db, userId);
    },
  };
}

export type SavedList = ReturnType<typeof createSavedList>;
