-- Money carries its currency (docs/decisions/016-money.md). A company says what its jobs pay in
-- (default USD); a job's pay is in its own currency, the company's default when the insert leaves
-- it out (the trigger below, so every write path gets it: the API, seeds, bulk loaders).
ALTER TABLE "companies" ADD COLUMN "default_currency" char(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_default_currency_check" CHECK ("companies"."default_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "currency" char(3);--> statement-breakpoint
UPDATE "jobs" SET "currency" = c."default_currency" FROM "companies" c WHERE c."id" = "jobs"."company_id";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_currency_check" CHECK ("jobs"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
CREATE FUNCTION jobs_currency_default() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency IS NULL THEN
    SELECT c.default_currency INTO NEW.currency FROM companies c WHERE c.id = NEW.company_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_currency_default BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_currency_default();
--> statement-breakpoint
-- Search reads the currency from its narrow copy (a pay filter is in one currency).
ALTER TABLE "job_search" ADD COLUMN "currency" char(3);--> statement-breakpoint
UPDATE "job_search" SET "currency" = j."currency" FROM "jobs" j WHERE j."id" = "job_search"."id";--> statement-breakpoint
ALTER TABLE "job_search" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
-- job_search's columns in its order: the copy inserts `SELECT *` (the new column is the last of both).
CREATE OR REPLACE VIEW job_search_source AS
SELECT j.id, j.company_id, j.salary_min, j.salary_max, j.posted_at, j.application_deadline, j.status = 'open' AS is_open,
  c.is_approved AS company_approved, j.is_remote, j.employment_type, j.experience_level, j.location, j.category_ids, j.skill_ids,
  j.search_vector, j.currency
FROM jobs j JOIN companies c ON c.id = j.company_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_search_copy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- FOR SHARE locks the company too: an approval being changed at the same time waits for this
  -- transaction (and then updates these rows as well), or this one waits and reads the new value.
  INSERT INTO job_search AS s
  SELECT * FROM job_search_source WHERE id IN (SELECT id FROM changed_jobs) FOR SHARE
  ON CONFLICT (id) DO UPDATE SET company_id = excluded.company_id, salary_min = excluded.salary_min, salary_max = excluded.salary_max,
    posted_at = excluded.posted_at, application_deadline = excluded.application_deadline, is_open = excluded.is_open,
    company_approved = excluded.company_approved, is_remote = excluded.is_remote, employment_type = excluded.employment_type,
    experience_level = excluded.experience_level, location = excluded.location, category_ids = excluded.category_ids,
    skill_ids = excluded.skill_ids, search_vector = excluded.search_vector, currency = excluded.currency
  WHERE (s.*) IS DISTINCT FROM (excluded.*);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The salary sort's index carries the currency last: a pay filter's currency is checked in the index.
DROP INDEX "job_search_salary_sort_idx";--> statement-breakpoint
CREATE INDEX "job_search_salary_sort_idx" ON "job_search" USING btree (coalesce("salary_max", "salary_min") desc nulls last,"posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,coalesce("salary_min", "salary_max"),"currency");
