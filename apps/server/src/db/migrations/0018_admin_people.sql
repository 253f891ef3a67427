ALTER TABLE "users" ADD COLUMN "deactivation_reason" text;--> statement-breakpoint
CREATE INDEX "application_status_history_changed_by_idx" ON "application_status_history" USING btree ("changed_by_user_id");--> statement-breakpoint
CREATE INDEX "applications_applied_at_idx" ON "applications" USING btree ("applied_at");--> statement-breakpoint
CREATE INDEX "jobs_posted_by_idx" ON "jobs" USING btree ("posted_by");--> statement-breakpoint
CREATE INDEX "users_role_date_joined_idx" ON "users" USING btree ("role","date_joined","id");--> statement-breakpoint
CREATE INDEX "users_role_full_name_idx" ON "users" USING btree ("role","full_name","id");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id");--> statement-breakpoint
CREATE INDEX "users_role_last_login_idx" ON "users" USING btree ("role","last_login" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);