CREATE TABLE "search_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_state_single_row" CHECK ("search_state"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "jobs_posted_idx";--> statement-breakpoint
CREATE INDEX "jobs_search_sample16_idx" ON "jobs" USING gin ("search_vector") WHERE "jobs"."id" % 16 = 0;--> statement-breakpoint
CREATE INDEX "jobs_search_sample128_idx" ON "jobs" USING gin ("search_vector") WHERE "jobs"."id" % 128 = 0;--> statement-breakpoint
CREATE INDEX "jobs_sample16_posted_idx" ON "jobs" USING btree ("posted_at") WHERE "jobs"."id" % 16 = 0;--> statement-breakpoint
CREATE INDEX "jobs_sample128_posted_idx" ON "jobs" USING btree ("posted_at") WHERE "jobs"."id" % 128 = 0;--> statement-breakpoint
CREATE INDEX "jobs_salary_sort_idx" ON "jobs" USING btree (coalesce("salary_max", "salary_min") desc nulls last,"posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_newest_idx" ON "jobs" USING btree ("posted_at","id");--> statement-breakpoint
CREATE INDEX "jobs_location_trgm_idx" ON "jobs" USING gin ("location" gin_trgm_ops);