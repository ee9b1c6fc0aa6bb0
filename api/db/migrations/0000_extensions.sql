-- pg_trgm powers typo-tolerant search (trigram GIN index on product_groups.title).
-- Must run before the schema migration that creates that index. PGlite loads the extension
-- module at start (api/db/client.ts); on PostgreSQL it ships with contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
