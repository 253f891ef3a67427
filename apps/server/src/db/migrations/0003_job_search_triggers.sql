-- Job search documents are kept by the database itself, so no write path can forget them:
-- a job's own edits, a company rename and a skill or category rename all refresh the vector.

-- The weighted document: title A, skills B, company/location/function/categories C, long texts D.
CREATE FUNCTION job_search_vector(title text, skill_names text, context text, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, title), 'A')
      || setweight(to_tsvector('english'::regconfig, skill_names), 'B')
      || setweight(to_tsvector('english'::regconfig, context), 'C')
      || setweight(to_tsvector('english'::regconfig, body), 'D')
$$;
--> statement-breakpoint
-- Adds the plain (unstemmed, lower-case) words of a text to search_words, which typos are corrected against.
CREATE FUNCTION record_search_words(doc text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, doc))) AS w
  WHERE length(w) BETWEEN 3 AND 30 AND w ~ '^[[:alpha:]]'
  ON CONFLICT (word) DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION jobs_search_document() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  company_name text;
  skill_names text;
  category_names text;
  context text;
  body text;
BEGIN
  SELECT c.name INTO company_name FROM companies c WHERE c.id = NEW.company_id;
  SELECT coalesce(string_agg(s.name, ' '), '') INTO skill_names FROM job_skills s WHERE s.id = ANY (NEW.skill_ids);
  SELECT coalesce(string_agg(c.name, ' '), '') INTO category_names FROM job_categories c WHERE c.id = ANY (NEW.category_ids);
  context := concat_ws(' ', company_name, NEW.location, NEW.job_function, category_names);
  body := concat_ws(' ', NEW.description, NEW.responsibilities, NEW.qualifications, NEW.nice_to_have);
  NEW.search_vector := job_search_vector(NEW.title, skill_names, context, body);
  IF TG_OP = 'INSERT' OR NEW.search_vector IS DISTINCT FROM OLD.search_vector THEN
    PERFORM record_search_words(concat_ws(' ', NEW.title, skill_names, context, body));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Setting search_vector (to NULL, say) in an UPDATE asks this trigger to recompute it.
CREATE TRIGGER jobs_search_document
BEFORE INSERT OR UPDATE OF title, description, responsibilities, qualifications, nice_to_have, location, job_function,
  company_id, skill_ids, category_ids, search_vector
ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_search_document();
--> statement-breakpoint
CREATE FUNCTION jobs_refresh_for_company() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET search_vector = NULL WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_name_search
AFTER UPDATE OF name ON companies
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION jobs_refresh_for_company();
--> statement-breakpoint
CREATE FUNCTION jobs_refresh_for_skill() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET search_vector = NULL WHERE skill_ids @> ARRAY[NEW.id];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_skills_name_search
AFTER UPDATE OF name ON job_skills
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION jobs_refresh_for_skill();
--> statement-breakpoint
CREATE FUNCTION jobs_refresh_for_category() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET search_vector = NULL WHERE category_ids @> ARRAY[NEW.id];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_categories_name_search
AFTER UPDATE OF name ON job_categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION jobs_refresh_for_category();
