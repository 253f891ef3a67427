-- Every write that can change what a search answers moves search_state.version, in the same
-- transaction: caches keyed by the version never serve results older than a committed write.
INSERT INTO search_state (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_search_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_search_version AFTER INSERT OR UPDATE OR DELETE ON jobs
FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER companies_search_version AFTER INSERT OR UPDATE OR DELETE ON companies
FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER job_categories_search_version AFTER INSERT OR UPDATE OR DELETE ON job_categories
FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
--> statement-breakpoint
CREATE TRIGGER job_skills_search_version AFTER INSERT OR UPDATE OR DELETE ON job_skills
FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version();
