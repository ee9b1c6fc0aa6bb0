/** What the account services share about the caller's row. */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { HttpError } from "../http/errors";
import { UNAUTHORIZED_MESSAGE } from "../auth/session";

/**
 * Locks the caller's row for the transaction, so one user's list writes (addresses, companies)
 * run one at a time and their limits hold. A token of a deleted user is a 401.
 */
export async function lockUser(tx: Pick<Db, "execute">, userId: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  if (rows.length === 0) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
}
