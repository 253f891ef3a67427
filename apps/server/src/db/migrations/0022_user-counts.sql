-- The people tables' totals without counting every row (docs/decisions/013-administration.md):
-- accounts per role and active state, kept exact by the triggers below on every write path (the
-- API, seeds, bulk loaders, TRUNCATE). Each backend adds to its own slot (process id modulo 8), so
-- concurrent sign-ups do not queue on one row lock; a total is the sum of the slots.
CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"is_active" boolean NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_role_is_active_slot_pk" PRIMARY KEY("role","is_active","slot")
);
--> statement-breakpoint
INSERT INTO "user_counts" ("role", "is_active", "slot", "n") SELECT "role", "is_active", 0, count(*) FROM "users" GROUP BY 1, 2;
--> statement-breakpoint
-- Rows are added in key order, so two transactions sharing a slot take its row locks in one order.
CREATE FUNCTION user_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (role, is_active, slot, n)
    SELECT role, is_active, pg_backend_pid() % 8, count(*) FROM added_users GROUP BY role, is_active ORDER BY role, is_active
    ON CONFLICT (role, is_active, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS c (role, is_active, slot, n)
    SELECT role, is_active, pg_backend_pid() % 8, -count(*) FROM removed_users GROUP BY role, is_active ORDER BY role, is_active
    ON CONFLICT (role, is_active, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_counts AS c (role, is_active, slot, n)
    SELECT role, is_active, pg_backend_pid() % 8, n
    FROM (VALUES (OLD.role, OLD.is_active, -1), (NEW.role, NEW.is_active, 1)) AS d (role, is_active, n)
    ORDER BY role, is_active
    ON CONFLICT (role, is_active, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE -- TRUNCATE
    DELETE FROM user_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS added_users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_add();
--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS removed_users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_add();
--> statement-breakpoint
-- Row by row, and only when the role or the active state changes (not on every sign-in's last_login).
CREATE TRIGGER user_counts_update AFTER UPDATE OF role, is_active ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.is_active IS DISTINCT FROM NEW.is_active) EXECUTE FUNCTION user_counts_add();
--> statement-breakpoint
CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_add();
