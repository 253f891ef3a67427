CREATE TABLE "job_alert_search_matches" (
	"search_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "job_alert_search_matches_search_id_job_id_pk" PRIMARY KEY("search_id","job_id")
);
--> statement-breakpoint
-- Matches were kept per alert; they are kept per search now (decision 024): each search's jobs once.
INSERT INTO "job_alert_search_matches" ("search_id", "job_id", "matched_at")
  SELECT a."search_id", m."job_id", min(m."matched_at") FROM "job_alert_matches" m JOIN "job_alerts" a ON a."id" = m."alert_id"
  GROUP BY a."search_id", m."job_id";--> statement-breakpoint
ALTER TABLE "job_alert_matches" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "job_alert_matches" CASCADE;--> statement-breakpoint
ALTER TABLE "job_alerts" DROP CONSTRAINT "job_alerts_notice_id_notifications_id_fk";
--> statement-breakpoint
DROP INDEX "job_alerts_notice_idx";--> statement-breakpoint
ALTER TABLE "job_alerts" ADD COLUMN "matches_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD COLUMN "emailed_snapshot" "pg_snapshot";--> statement-breakpoint
-- An alert's matches are its search's since it was confirmed; e-mails go on from what exists now.
UPDATE "job_alerts" SET "matches_since" = "confirmed_at", "emailed_snapshot" = pg_current_snapshot();--> statement-breakpoint
ALTER TABLE "job_alert_search_matches" ADD CONSTRAINT "job_alert_search_matches_search_id_job_alert_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."job_alert_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_search_matches" ADD CONSTRAINT "job_alert_search_matches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_search_matches_newest_idx" ON "job_alert_search_matches" USING btree ("search_id","matched_at" DESC NULLS LAST,"job_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_alert_search_matches_xid_idx" ON "job_alert_search_matches" USING btree ("search_id","xid");--> statement-breakpoint
CREATE INDEX "job_alert_search_matches_job_idx" ON "job_alert_search_matches" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_alert_notice_key" ON "notifications" USING btree ("user_id","link") WHERE "notifications"."type" = 'job_alert_matches' and not "notifications"."is_read";--> statement-breakpoint
ALTER TABLE "job_alerts" DROP COLUMN "notice_id";--> statement-breakpoint
ALTER TABLE "job_alerts" DROP COLUMN "notice_jobs";