-- Trigram similarity for typo-tolerant job search (PGlite loads the extension's code in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
