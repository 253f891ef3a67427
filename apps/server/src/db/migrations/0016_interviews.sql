CREATE TABLE "interview_feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"interview_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"stage" text NOT NULL,
	"score" integer NOT NULL,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"strengths" text DEFAULT '' NOT NULL,
	"concerns" text DEFAULT '' NOT NULL,
	"recommendation" text,
	"feedback" text NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"provided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_feedbacks_stage_check" CHECK (stage in ('application_screening', 'phone_interview', 'technical_assessment', 'first_round_interview', 'second_round_interview', 'hr_interview', 'final_interview', 'job_offer', 'hired')),
	CONSTRAINT "interview_feedbacks_score_check" CHECK ("interview_feedbacks"."score" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "interview_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"interview_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"jobseeker_id" integer NOT NULL,
	"interviewer_id" integer NOT NULL,
	"status" text NOT NULL,
	"scheduled_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"mode" text NOT NULL,
	"location" text,
	"meeting_link" text,
	"notes" text,
	"offered_times" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"seeker_confirmed_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK (status in ('offered', 'scheduled', 'rescheduled', 'cancelled', 'completed')),
	CONSTRAINT "interviews_mode_check" CHECK (mode in ('video', 'phone', 'in_person')),
	CONSTRAINT "interviews_time_check" CHECK (("interviews"."scheduled_time" is null) = ("interviews"."status" = 'offered') and ("interviews"."end_time" is null) = ("interviews"."scheduled_time" is null) and ("interviews"."end_time" > "interviews"."scheduled_time" or "interviews"."end_time" is null))
);
--> statement-breakpoint
ALTER TABLE "interview_feedbacks" ADD CONSTRAINT "interview_feedbacks_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_feedbacks" ADD CONSTRAINT "interview_feedbacks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_reminders" ADD CONSTRAINT "interview_reminders_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_jobseeker_id_users_id_fk" FOREIGN KEY ("jobseeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_id_users_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_feedbacks_interview_author_key" ON "interview_feedbacks" USING btree ("interview_id","author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_reminders_interview_kind_key" ON "interview_reminders" USING btree ("interview_id","kind");--> statement-breakpoint
CREATE INDEX "interview_reminders_due_idx" ON "interview_reminders" USING btree ("due_at") WHERE "interview_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "interviews_company_time_idx" ON "interviews" USING btree ("company_id","scheduled_time");--> statement-breakpoint
CREATE INDEX "interviews_jobseeker_time_idx" ON "interviews" USING btree ("jobseeker_id","scheduled_time");--> statement-breakpoint
CREATE INDEX "interviews_application_idx" ON "interviews" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "interviews_job_idx" ON "interviews" USING btree ("job_id");