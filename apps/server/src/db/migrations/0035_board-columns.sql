DROP INDEX "applications_job_status_idx";--> statement-breakpoint
CREATE INDEX "applications_job_status_applied_idx" ON "applications" USING btree ("job_id","status","applied_at","id");