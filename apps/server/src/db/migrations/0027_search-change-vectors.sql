-- The search row of a job before a change now carries its vector too, as the row after did: with
-- its words' positions, the cache tells whether the job matched a phrase before the change
-- (docs/decisions/006, "Answers kept up to date"). `with_vector` is no longer read: the trigger of
-- 0026 still passes it, and replacing the function alone leaves that trigger as it is.
CREATE OR REPLACE FUNCTION job_search_change_row(j jobs, with_vector boolean) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN j.id IS NULL THEN NULL ELSE jsonb_build_object(
    'company_id', j.company_id, 'salary_min', j.salary_min, 'salary_max', j.salary_max, 'currency', j.currency,
    'posted_us', (extract(epoch FROM j.posted_at) * 1000000)::bigint, 'deadline', j.application_deadline,
    'is_open', j.status = 'open', 'company_approved', (SELECT c.is_approved FROM companies c WHERE c.id = j.company_id),
    'is_remote', j.is_remote, 'employment_type', j.employment_type, 'experience_level', j.experience_level,
    'location', j.location, 'category_ids', j.category_ids, 'skill_ids', j.skill_ids,
    'lexemes', coalesce(tsvector_to_array(j.search_vector), '{}'),
    'vector', j.search_vector::text) END
$$;
