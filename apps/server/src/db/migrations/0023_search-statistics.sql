-- The planner's picture of the job words (docs/decisions/006, "At a million jobs"). With the default
-- statistics (100: up to 1,000 most common lexemes) a word no job has was estimated at the rarest
-- common lexeme's frequency, ~1,900 rows of 1,000,000: enough for `exists (… @@ 'pyhton')` to
-- choose a sequential scan that expects to stop early, and then read every row (0.6-3 s). With
-- 10,000 lexemes the estimate of an unknown word falls and the GIN index is used (0.04 ms).
ALTER TABLE "job_search" ALTER COLUMN "search_vector" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "job_search";
