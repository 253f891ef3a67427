CREATE TABLE "search_changes" (
	"version" bigint NOT NULL,
	"job_id" integer,
	"lexemes" text[]
);
--> statement-breakpoint
CREATE INDEX "search_changes_version_idx" ON "search_changes" USING btree ("version");--> statement-breakpoint
-- Which jobs each version changed, so the search caches drop only the answers a write can touch
-- (docs/decisions/006, "The result cache"). A statement on jobs moves the version once and writes a
-- row per job it changed: the job's lexemes before and after when what it matches may have changed
-- (its text, its filters, whether it is public), none when only how it shows did (its title with
-- the same words, say). Companies, categories, skills and statements of over 1,000 jobs write one
-- row naming nothing: every cached answer goes. Rows over 20,000 versions old are deleted here.
CREATE OR REPLACE FUNCTION bump_search_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE search_state SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  INSERT INTO search_changes (version) VALUES (v);
  DELETE FROM search_changes WHERE version <= v - 20000;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION log_job_search_changes() RETURNS trigger
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
    INSERT INTO search_changes (version, job_id, lexemes)
    SELECT v, id, coalesce(tsvector_to_array(search_vector), '{}') FROM new_jobs;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (version, job_id, lexemes)
    SELECT v, id, coalesce(tsvector_to_array(search_vector), '{}') FROM old_jobs;
  ELSE
    INSERT INTO search_changes (version, job_id, lexemes)
    SELECT v, n.id,
      CASE WHEN (o.id, o.search_vector, o.status, o.company_id, o.salary_min, o.salary_max, o.currency, o.posted_at,
                 o.application_deadline, o.is_remote, o.employment_type, o.experience_level, o.location, o.category_ids, o.skill_ids)
        IS DISTINCT FROM (n.id, n.search_vector, n.status, n.company_id, n.salary_min, n.salary_max, n.currency, n.posted_at,
                 n.application_deadline, n.is_remote, n.employment_type, n.experience_level, n.location, n.category_ids, n.skill_ids)
      THEN array(SELECT DISTINCT unnest(coalesce(tsvector_to_array(o.search_vector), '{}') || coalesce(tsvector_to_array(n.search_vector), '{}')))
      END
    FROM new_jobs n LEFT JOIN old_jobs o ON o.id = n.id;
  END IF;
  DELETE FROM search_changes WHERE version <= v - 20000;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER jobs_search_version ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_search_changes_insert AFTER INSERT ON jobs
REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION log_job_search_changes();
--> statement-breakpoint
CREATE TRIGGER jobs_search_changes_update AFTER UPDATE ON jobs
REFERENCING OLD TABLE AS old_jobs NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION log_job_search_changes();
--> statement-breakpoint
CREATE TRIGGER jobs_search_changes_delete AFTER DELETE ON jobs
REFERENCING OLD TABLE AS old_jobs FOR EACH STATEMENT EXECUTE FUNCTION log_job_search_changes();
