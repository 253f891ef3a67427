ALTER TABLE "search_changes" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "search_changes" ADD COLUMN "after" jsonb;--> statement-breakpoint
-- A job's search row as the caches read it (docs/decisions/006, "Answers kept up to date"): what
-- the search's conditions, facets and orders read of it, its lexemes, and (after a change) its
-- vector as text, for ranking it against a cached query. Dates as written in job_search; posted_at
-- in microseconds since 1970, so that two jobs posted within a millisecond still sort as they do.
CREATE FUNCTION job_search_change_row(j jobs, with_vector boolean) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN j.id IS NULL THEN NULL ELSE jsonb_build_object(
    'company_id', j.company_id, 'salary_min', j.salary_min, 'salary_max', j.salary_max, 'currency', j.currency,
    'posted_us', (extract(epoch FROM j.posted_at) * 1000000)::bigint, 'deadline', j.application_deadline,
    'is_open', j.status = 'open', 'company_approved', (SELECT c.is_approved FROM companies c WHERE c.id = j.company_id),
    'is_remote', j.is_remote, 'employment_type', j.employment_type, 'experience_level', j.experience_level,
    'location', j.location, 'category_ids', j.category_ids, 'skill_ids', j.skill_ids,
    'lexemes', coalesce(tsvector_to_array(j.search_vector), '{}'),
    'vector', CASE WHEN with_vector THEN j.search_vector::text END) END
$$;
--> statement-breakpoint
-- As in 0025, and each job's row now carries its search row before and after (none for a job
-- whose search row did not change: only how it shows did).
CREATE OR REPLACE FUNCTION log_job_search_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO n FROM (SELECT 1 FROM new_jobs LIMIT 1001) AS c;
  ELSE
    SELECT count(*) INTO n FROM (SELECT 1 FROM old_jobs LIMIT 1001) AS c;
  END IF;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE search_state SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  IF n > 1000 THEN
    INSERT INTO search_changes (version) VALUES (v);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO search_changes (version, job_id, lexemes, after)
    SELECT v, j.id, coalesce(tsvector_to_array(j.search_vector), '{}'), job_search_change_row(j, true) FROM new_jobs j;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (version, job_id, lexemes, before)
    SELECT v, j.id, coalesce(tsvector_to_array(j.search_vector), '{}'), job_search_change_row(j, false) FROM old_jobs j;
  ELSE
    INSERT INTO search_changes (version, job_id, lexemes, before, after)
    SELECT v, nj.id, d.lexemes, CASE WHEN d.lexemes IS NOT NULL THEN job_search_change_row(oj, false) END,
      CASE WHEN d.lexemes IS NOT NULL THEN job_search_change_row(nj, true) END
    FROM new_jobs nj LEFT JOIN old_jobs oj ON oj.id = nj.id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN (oj.id, oj.search_vector, oj.status, oj.company_id, oj.salary_min, oj.salary_max, oj.currency, oj.posted_at,
                   oj.application_deadline, oj.is_remote, oj.employment_type, oj.experience_level, oj.location, oj.category_ids, oj.skill_ids)
          IS DISTINCT FROM (nj.id, nj.search_vector, nj.status, nj.company_id, nj.salary_min, nj.salary_max, nj.currency, nj.posted_at,
                   nj.application_deadline, nj.is_remote, nj.employment_type, nj.experience_level, nj.location, nj.category_ids, nj.skill_ids)
        THEN array(SELECT DISTINCT unnest(coalesce(tsvector_to_array(oj.search_vector), '{}') || coalesce(tsvector_to_array(nj.search_vector), '{}')))
        END AS lexemes
    ) AS d;
  END IF;
  DELETE FROM search_changes WHERE version <= v - 20000;
  RETURN NULL;
END
$$;
