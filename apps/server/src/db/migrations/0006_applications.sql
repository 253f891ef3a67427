CREATE TABLE "application_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL,
	"changed_by_user_id" integer,
	CONSTRAINT "application_status_history_status_check" CHECK (status in ('applied', 'reviewed', 'interview_scheduled', 'interviewed', 'offered', 'hired', 'rejected', 'withdrawn')),
	CONSTRAINT "application_status_history_actor_check" CHECK (changed_by in ('jobseeker', 'employer', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"jobseeker_id" integer NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"cover_letter" text DEFAULT '' NOT NULL,
	"resume_file_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK (status in ('applied', 'reviewed', 'interview_scheduled', 'interviewed', 'offered', 'hired', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "jobseeker_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text,
	"date_of_birth" date,
	"bio" text,
	"linkedin_url" text,
	"portfolio_url" text,
	"current_job_title" text,
	"job_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_file_id" integer,
	"resume_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_educations" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"position" integer NOT NULL,
	"degree_type" text NOT NULL,
	"field_of_study" text NOT NULL,
	"institution" text NOT NULL,
	"location" text,
	"start_date" date,
	"end_date" date,
	"grade_or_gpa" text,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "profile_educations_degree_check" CHECK (degree_type in ('Diploma', 'Bachelor', 'Master', 'PhD', 'Certification'))
);
--> statement-breakpoint
CREATE TABLE "profile_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"position" integer NOT NULL,
	"skill_name" text NOT NULL,
	"proficiency_level" text NOT NULL,
	"years_of_experience" double precision,
	"skill_type" text DEFAULT 'Technical' NOT NULL,
	"certification" text,
	CONSTRAINT "profile_skills_proficiency_check" CHECK (proficiency_level in ('Beginner', 'Intermediate', 'Advanced', 'Expert')),
	CONSTRAINT "profile_skills_type_check" CHECK (skill_type in ('Technical', 'Soft'))
);
--> statement-breakpoint
CREATE TABLE "profile_work_experience" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"position" integer NOT NULL,
	"job_title" text NOT NULL,
	"company_name" text NOT NULL,
	"company_location" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"description" text DEFAULT '' NOT NULL,
	"technologies_used" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_jobseeker_id_users_id_fk" FOREIGN KEY ("jobseeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_resume_file_id_uploaded_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_profiles" ADD CONSTRAINT "jobseeker_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_profiles" ADD CONSTRAINT "jobseeker_profiles_photo_file_id_uploaded_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_profiles" ADD CONSTRAINT "jobseeker_profiles_resume_file_id_uploaded_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_educations" ADD CONSTRAINT "profile_educations_profile_id_jobseeker_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."jobseeker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_skills" ADD CONSTRAINT "profile_skills_profile_id_jobseeker_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."jobseeker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_work_experience" ADD CONSTRAINT "profile_work_experience_profile_id_jobseeker_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."jobseeker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_status_history_application_idx" ON "application_status_history" USING btree ("application_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_jobseeker_key" ON "applications" USING btree ("job_id","jobseeker_id");--> statement-breakpoint
CREATE INDEX "applications_job_applied_idx" ON "applications" USING btree ("job_id","applied_at");--> statement-breakpoint
CREATE INDEX "applications_job_status_idx" ON "applications" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "applications_jobseeker_idx" ON "applications" USING btree ("jobseeker_id","applied_at");--> statement-breakpoint
CREATE INDEX "applications_resume_idx" ON "applications" USING btree ("resume_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobseeker_profiles_user_key" ON "jobseeker_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "profile_educations_profile_idx" ON "profile_educations" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profile_skills_profile_idx" ON "profile_skills" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profile_work_experience_profile_idx" ON "profile_work_experience" USING btree ("profile_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_jobs_user_job_key" ON "saved_jobs" USING btree ("user_id","job_id");--> statement-breakpoint
CREATE INDEX "saved_jobs_user_saved_idx" ON "saved_jobs" USING btree ("user_id","saved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_key" ON "uploaded_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploaded_files_owner_idx" ON "uploaded_files" USING btree ("owner_id");