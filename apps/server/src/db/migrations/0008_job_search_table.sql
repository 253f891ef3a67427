CREATE TABLE "job_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"posted_at" timestamp with time zone NOT NULL,
	"application_deadline" date,
	"is_open" boolean NOT NULL,
	"company_approved" boolean NOT NULL,
	"is_remote" boolean NOT NULL,
	"employment_type" text NOT NULL,
	"experience_level" text NOT NULL,
	"location" text NOT NULL,
	"category_ids" integer[] NOT NULL,
	"skill_ids" integer[] NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "jobs_search_idx";--> statement-breakpoint
DROP INDEX "jobs_search_sample16_idx";--> statement-breakpoint
DROP INDEX "jobs_search_sample128_idx";--> statement-breakpoint
DROP INDEX "jobs_sample16_posted_idx";--> statement-breakpoint
DROP INDEX "jobs_sample128_posted_idx";--> statement-breakpoint
DROP INDEX "jobs_salary_sort_idx";--> statement-breakpoint
DROP INDEX "jobs_location_trgm_idx";--> statement-breakpoint
ALTER TABLE "job_search" ADD CONSTRAINT "job_search_id_jobs_id_fk" FOREIGN KEY ("id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_search_vector_idx" ON "job_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "job_search_company_idx" ON "job_search" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_search_sample16_idx" ON "job_search" USING gin ("search_vector") WHERE "job_search"."id" % 16 = 0;--> statement-breakpoint
CREATE INDEX "job_search_sample128_idx" ON "job_search" USING gin ("search_vector") WHERE "job_search"."id" % 128 = 0;--> statement-breakpoint
CREATE INDEX "job_search_sample16_posted_idx" ON "job_search" USING btree ("posted_at") WHERE "job_search"."id" % 16 = 0;--> statement-breakpoint
CREATE INDEX "job_search_sample128_posted_idx" ON "job_search" USING btree ("posted_at") WHERE "job_search"."id" % 128 = 0;--> statement-breakpoint
CREATE INDEX "job_search_salary_sort_idx" ON "job_search" USING btree (coalesce("salary_max", "salary_min") desc nulls last,"posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,coalesce("salary_min", "salary_max"));--> statement-breakpoint
CREATE INDEX "job_search_newest_idx" ON "job_search" USING btree ("posted_at","id");--> statement-breakpoint
CREATE INDEX "job_search_location_trgm_idx" ON "job_search" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_search_category_ids_idx" ON "job_search" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "job_search_skill_ids_idx" ON "job_search" USING gin ("skill_ids");