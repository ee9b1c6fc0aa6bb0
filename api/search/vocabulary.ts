/**
 * The search vocabulary (table search_words, ADR 028): distinct words of active groups' titles and
 * keywords with their 'russian' lexemes. Rebuilt by the seed and after catalogue writes
 * (refreshCatalogFacets); migration 0010 fills it once for an existing catalogue with the same SQL.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";

const UPPER = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯABCDEFGHIJKLMNOPQRSTUVWXYZё";
const LOWER = "абвгдеежзийклмнопрстуфхцчшщъыьэюяabcdefghijklmnopqrstuvwxyzе";

/**
 * Lower case with е for ё, in SQL. translate() rather than lower(): lower() follows the database's
 * collation, and under the C locale (PGlite's) it leaves Cyrillic capitals alone.
 */
export function foldSql(expr: SQL): SQL {
  return sql`translate(${expr}, ${UPPER}, ${LOWER})`;
}

/**
 * The vocabulary's rows: title words, and keyword words except whole chunks with digits (the
 * articles "PB-000123-01": those are found as articles, not corrected as words). Stop words (no
 * lexeme) are left out.
 */
export const VOCABULARY_SELECT = sql`
  SELECT w.word, l.lexeme, count(DISTINCT g.id)::int AS groups
  FROM product_groups g
  CROSS JOIN LATERAL (
    SELECT regexp_split_to_table(${foldSql(sql`g.title`)}, '[^a-zа-я0-9]+') AS word
    UNION ALL
    SELECT regexp_split_to_table(${foldSql(sql`k.chunk`)}, '[^a-zа-я0-9]+')
    FROM regexp_split_to_table(g.keywords, '\\s+') AS k(chunk) WHERE k.chunk !~ '[0-9]'
  ) w
  CROSS JOIN LATERAL (SELECT t.lexeme FROM unnest(to_tsvector('russian', w.word)) AS t ORDER BY t.lexeme LIMIT 1) l
  WHERE g.is_active AND w.word <> '' AND char_length(w.word) <= 32
  GROUP BY w.word, l.lexeme`;

/** Replaces the vocabulary with the catalogue's current words. Run it in the writer's transaction. */
export async function refreshSearchWords(db: Pick<Db, "execute">): Promise<void> {
  await db.execute(sql`DELETE FROM search_words`);
  await db.execute(sql`INSERT INTO search_words (word, lexeme, groups) ${VOCABULARY_SELECT}`);
}
