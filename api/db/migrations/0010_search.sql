-- Search (ADR 028): fuzzystrmatch's levenshtein() picks typo corrections among pg_trgm candidates.
-- PGlite loads the extension module at start (api/db/client.ts, pglite-process.ts); PostgreSQL
-- ships it with contrib.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL,
	"groups" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_lexeme_idx" ON "search_words" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
-- An existing catalogue's vocabulary: the SQL of api/search/vocabulary.ts (refreshSearchWords).
INSERT INTO "search_words" ("word", "lexeme", "groups")
SELECT w.word, l.lexeme, count(DISTINCT g.id)::int
FROM product_groups g
CROSS JOIN LATERAL (
  SELECT regexp_split_to_table(translate(g.title, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯABCDEFGHIJKLMNOPQRSTUVWXYZё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяabcdefghijklmnopqrstuvwxyzе'), '[^a-zа-я0-9]+') AS word
  UNION ALL
  SELECT regexp_split_to_table(translate(k.chunk, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯABCDEFGHIJKLMNOPQRSTUVWXYZё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяabcdefghijklmnopqrstuvwxyzе'), '[^a-zа-я0-9]+')
  FROM regexp_split_to_table(g.keywords, '\s+') AS k(chunk) WHERE k.chunk !~ '[0-9]'
) w
CROSS JOIN LATERAL (SELECT t.lexeme FROM unnest(to_tsvector('russian', w.word)) AS t ORDER BY t.lexeme LIMIT 1) l
WHERE g.is_active AND w.word <> '' AND char_length(w.word) <= 32
GROUP BY w.word, l.lexeme;
