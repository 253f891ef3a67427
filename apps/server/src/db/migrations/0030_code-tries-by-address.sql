ALTER TABLE "one_time_codes" ADD COLUMN "requested_from" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "requester_attempts" integer DEFAULT 0 NOT NULL;