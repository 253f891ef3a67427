CREATE TABLE "job_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"responsibilities" text DEFAULT '' NOT NULL,
	"qualifications" text DEFAULT '' NOT NULL,
	"nice_to_have" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"employment_type" text NOT NULL,
	"experience_level" text NOT NULL,
	"job_function" text,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"skill_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"application_deadline" date,
	"status" text DEFAULT 'open' NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	CONSTRAINT "jobs_salary_order_check" CHECK ("jobs"."salary_min" is null or "jobs"."salary_max" is null or "jobs"."salary_min" <= "jobs"."salary_max"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('open', 'closed')),
	CONSTRAINT "jobs_employment_type_check" CHECK (employment_type in ('Full-time', 'Part-time', 'Contract', 'Temporary', 'Internship', 'Freelance')),
	CONSTRAINT "jobs_experience_level_check" CHECK (experience_level in ('Entry level', 'Mid level', 'Senior level', 'Executive'))
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_categories_name_key" ON "job_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "job_skills_name_key" ON "job_skills" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("company_id","posted_at");--> statement-breakpoint
CREATE INDEX "jobs_posted_idx" ON "jobs" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "jobs_category_ids_idx" ON "jobs" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "jobs_skill_ids_idx" ON "jobs" USING gin ("skill_ids");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);