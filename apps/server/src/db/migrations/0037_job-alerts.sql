CREATE TABLE "job_alert_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_alert_publications" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"is_public" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alert_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alert_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"query" "tsquery",
	"anchors" text[],
	"employment_types" text[],
	"experience_levels" text[],
	"category_ids" integer[],
	"skill_ids" integer[],
	"location_pattern" text,
	"is_remote" boolean,
	"salary_min" integer,
	"salary_max" integer,
	"currency" char(3),
	"company_id" integer,
	"posted_within_days" smallint
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email_address" text,
	"confirmed_at" timestamp with time zone,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"in_app" boolean NOT NULL,
	"by_email" boolean NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"time_zone" text,
	"token_salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notice_id" integer,
	"notice_jobs" integer DEFAULT 0 NOT NULL,
	"last_emailed_at" timestamp with time zone,
	"next_email_at" timestamp with time zone,
	CONSTRAINT "job_alerts_owner_check" CHECK ("job_alerts"."user_id" is not null or "job_alerts"."email_address" is not null),
	CONSTRAINT "job_alerts_frequency_check" CHECK (frequency in ('instant', 'daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_publications" ADD CONSTRAINT "job_alert_publications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_queue" ADD CONSTRAINT "job_alert_queue_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_search_id_job_alert_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."job_alert_searches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_notice_id_notifications_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_alert_matches_alert_job_key" ON "job_alert_matches" USING btree ("alert_id","job_id");--> statement-breakpoint
CREATE INDEX "job_alert_matches_alert_newest_idx" ON "job_alert_matches" USING btree ("alert_id","matched_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_alert_matches_job_idx" ON "job_alert_matches" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_alert_queue_job_idx" ON "job_alert_queue" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_alert_searches_key" ON "job_alert_searches" USING btree ("key");--> statement-breakpoint
CREATE INDEX "job_alert_searches_anchors_idx" ON "job_alert_searches" USING gin ("anchors") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "job_alert_searches_unanchored_idx" ON "job_alert_searches" USING btree ("id") WHERE "job_alert_searches"."anchors" is null;--> statement-breakpoint
CREATE INDEX "job_alerts_user_idx" ON "job_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "job_alerts_email_idx" ON "job_alerts" USING btree ("email_address");--> statement-breakpoint
CREATE INDEX "job_alerts_search_idx" ON "job_alerts" USING btree ("search_id");--> statement-breakpoint
CREATE INDEX "job_alerts_notice_idx" ON "job_alerts" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "job_alerts_next_email_idx" ON "job_alerts" USING btree ("next_email_at") WHERE "job_alerts"."next_email_at" is not null;--> statement-breakpoint
-- Jobs up to this id existed before alerts: the first change alerts hear of one is not its publication
-- (an edit of a job public for months is not a new job). Recorded once, without reading the jobs.
INSERT INTO "server_keys" ("name", "value") SELECT 'job_alerts_since_job', coalesce(max("id"), 0)::text FROM "jobs"
ON CONFLICT ("name") DO NOTHING;
