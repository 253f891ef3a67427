-- job_search (migration 0008) is what search reads: one narrow row per job, kept here by the
-- database so no write path can forget it. Every insert or update of jobs (including the search
-- vector recomputed by jobs_search_document) copies the changed rows; a company's approval is
-- copied to its jobs' rows; deleting a job deletes its row (foreign key, on delete cascade).

-- A job's search row, as it should be: job_search's columns, in its order (the copies below insert `SELECT *`).
CREATE VIEW job_search_source AS
SELECT j.id, j.company_id, j.salary_min, j.salary_max, j.posted_at, j.application_deadline, j.status = 'open' AS is_open,
  c.is_approved AS company_approved, j.is_remote, j.employment_type, j.experience_level, j.location, j.category_ids, j.skill_ids,
  j.search_vector
FROM jobs j JOIN companies c ON c.id = j.company_id;
--> statement-breakpoint
CREATE FUNCTION job_search_copy() RETURNS trigger
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
    skill_ids = excluded.skill_ids, search_vector = excluded.search_vector
  WHERE (s.*) IS DISTINCT FROM (excluded.*);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_search_copy_insert AFTER INSERT ON jobs
REFERENCING NEW TABLE AS changed_jobs FOR EACH STATEMENT EXECUTE FUNCTION job_search_copy();
--> statement-breakpoint
CREATE TRIGGER jobs_search_copy_update AFTER UPDATE ON jobs
REFERENCING NEW TABLE AS changed_jobs FOR EACH STATEMENT EXECUTE FUNCTION job_search_copy();
--> statement-breakpoint
CREATE FUNCTION job_search_company_approval() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_search SET company_approved = NEW.is_approved WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_approval_search AFTER UPDATE OF is_approved ON companies
FOR EACH ROW WHEN (OLD.is_approved IS DISTINCT FROM NEW.is_approved) EXECUTE FUNCTION job_search_company_approval();
--> statement-breakpoint
-- The jobs already there.
INSERT INTO job_search SELECT * FROM job_search_source;
