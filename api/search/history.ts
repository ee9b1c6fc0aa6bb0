/**
 * Search history of logged-in users (issue 19: "search history moves to the server"): one row per
 * user and query (`search_history`, unique user + query). search/global records the text (never
 * search/fast, whose texts are half-typed); a repeat moves the query to the top; the newest
 * MAX_SEARCH_HISTORY are kept. Two spellings that differ only in case ("Ручка", "ручка") are one
 * query, the newest spelling kept, as in the guests' local history (app/features/search/history.ts).
 */
import { sql } from "drizzle-orm";
import { MAX_SEARCH_HISTORY, type SearchHistoryEntry } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { lockUser } from "../auth/user-lock";
import { HttpError, notFound } from "../http/errors";

export const HISTORY_ENTRY_NOT_FOUND = "Такого запроса нет в истории поиска";

/** The storefront's spelling of a query (search-text.ts): NFC, controls as spaces, one space per run, trimmed. */
export function historyText(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cs}]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

const same = (a: string, b: string) => a.toLocaleLowerCase("ru") === b.toLocaleLowerCase("ru");

export function createSearchHistory(db: Db) {
  async function list(exec: Pick<Db, "execute">, userId: number): Promise<SearchHistoryEntry[]> {
    const rows = await queryRows<{ id: number; text: string; createdAt: string | Date }>(
      exec,
      sql`SELECT id, query AS text, created_at AS "createdAt" FROM search_history WHERE user_id = ${userId}
          ORDER BY created_at DESC, id DESC LIMIT ${MAX_SEARCH_HISTORY}`,
    );
    return rows.map((r) => ({ id: Number(r.id), text: r.text, createdAt: new Date(r.createdAt).toISOString() }));
  }

  return {
    list: (userId: number) => list(db, userId),

    /** Remembers `raw` on top; the newest texts after it (this one first). A deleted user's token: nothing, []. */
    async record(userId: number, raw: string): Promise<string[]> {
      const text = historyText(raw);
      try {
        await db.transaction(async (tx) => {
          await lockUser(tx, userId);
          if (!text) return;
          const rows = await queryRows<{ id: number; query: string }>(tx, sql`SELECT id, query FROM search_history WHERE user_id = ${userId}`);
          const otherSpellings = rows.filter((r) => r.query !== text && same(r.query, text)).map((r) => Number(r.id));
          if (otherSpellings.length) {
            await tx.execute(sql`DELETE FROM search_history WHERE user_id = ${userId} AND id = ANY(${`{${otherSpellings.join(",")}}`}::int[])`);
          }
          // clock_timestamp(): a repeat within one transaction start still moves to the top.
          await tx.execute(sql`INSERT INTO search_history (user_id, query, created_at) VALUES (${userId}, ${text}, clock_timestamp())
            ON CONFLICT (user_id, query) DO UPDATE SET created_at = EXCLUDED.created_at`);
          await tx.execute(sql`DELETE FROM search_history WHERE user_id = ${userId} AND id NOT IN (
            SELECT id FROM search_history WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${MAX_SEARCH_HISTORY})`);
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return [];
        throw error;
      }
      return (await list(db, userId)).map((e) => e.text);
    },

    /** Forgets one entry of the caller's; 404 when the id is not theirs (or not at all). */
    async remove(userId: number, id: number): Promise<SearchHistoryEntry[]> {
      const deleted = await queryRows<{ id: number }>(db, sql`DELETE FROM search_history WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
      if (!deleted.length) throw notFound(HISTORY_ENTRY_NOT_FOUND);
      return list(db, userId);
    },

    async clear(userId: number): Promise<SearchHistoryEntry[]> {
      await db.execute(sql`DELETE FROM search_history WHERE user_id = ${userId}`);
      return [];
    },
  };
}
