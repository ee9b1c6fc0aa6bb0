/**
 * Per-user serialisation of the writes that keep a per-user limit or a per-user row set
 * (favourites ≤ 300, comparison ≤ 150, the cart, search history ≤ 10): the caller's `users` row is
 * locked FOR NO KEY UPDATE for the rest of the transaction, so two concurrent adds of one user
 * run one after the other and the second counts what the first saved. Other users are not
 * affected, and the foreign-key checks of inserts (FOR KEY SHARE) do not wait for it.
 *
 * A valid access token can outlive its user (deleted within the token's 15 minutes): no row to
 * lock is then a 401, never a foreign-key 500.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { HttpError } from "../http/errors";
import { UNAUTHORIZED_MESSAGE } from "./session";

export async function lockUser(tx: Pick<Db, "execute">, userId: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
  if (rows.length === 0) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
}
