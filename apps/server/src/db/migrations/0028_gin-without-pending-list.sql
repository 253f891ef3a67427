-- The job tables' GIN indexes without a pending list (docs/decisions/006-job-search.md, "Writes while
-- searching"): set on the indexes in place (drizzle-kit would drop and build them again), then
-- what their pending lists hold merged into their trees, which searches would otherwise read until a vacuum.
ALTER INDEX "job_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"job_search_vector_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "job_search_sample16_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"job_search_sample16_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "job_search_sample128_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"job_search_sample128_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "job_search_location_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"job_search_location_trgm_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "job_search_category_ids_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"job_search_category_ids_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "job_search_skill_ids_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"job_search_skill_ids_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "jobs_title_vector_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"jobs_title_vector_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "jobs_category_ids_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"jobs_category_ids_idx"'::regclass);--> statement-breakpoint
ALTER INDEX "jobs_skill_ids_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"jobs_skill_ids_idx"'::regclass);
