-- Every company's owner is a member of it: the rows of the companies that exist, and from now on
-- a row made by the database in the same statement that inserts the company (so no code path,
-- seed or test factory can make a company without its owner member).
INSERT INTO company_members (company_id, user_id, role, joined_at)
SELECT id, owner_id, 'owner', created_at FROM companies
ON CONFLICT (user_id) DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION add_company_owner_member() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_members (company_id, user_id, role) VALUES (NEW.id, NEW.owner_id, 'owner');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_owner_member AFTER INSERT ON companies
FOR EACH ROW EXECUTE FUNCTION add_company_owner_member();
--> statement-breakpoint
-- Jobs posted before teams existed were posted by the company's owner.
UPDATE jobs SET posted_by = companies.owner_id FROM companies WHERE companies.id = jobs.company_id AND jobs.posted_by IS NULL;
