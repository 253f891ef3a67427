-- Job search keeps no engine of its own any more (docs/decisions/006-job-search.md): no version row
-- that every write locks, no log of changes. Their triggers and functions go first, then the tables.
DROP TRIGGER IF EXISTS jobs_search_changes_insert ON jobs;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_changes_update ON jobs;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_changes_delete ON jobs;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_version ON jobs;--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_search_version ON companies;--> statement-breakpoint
DROP TRIGGER IF EXISTS job_categories_search_version ON job_categories;--> statement-breakpoint
DROP TRIGGER IF EXISTS job_skills_search_version ON job_skills;--> statement-breakpoint
DROP FUNCTION IF EXISTS log_job_search_changes();--> statement-breakpoint
DROP FUNCTION IF EXISTS job_search_change_row(jobs, boolean);--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_search_version();--> statement-breakpoint
DROP TABLE "search_changes" CASCADE;--> statement-breakpoint
DROP TABLE "search_state" CASCADE;