-- No two interviews of one interviewer, or of one job seeker, may overlap: the database refuses the
-- second one even when both arrive at the same instant (exclusion constraints need btree_gist for
-- the "=" on integers; PGlite loads the extension's code in db/client.ts). Offered interviews hold
-- no time yet and cancelled ones no longer do; completed ones keep theirs. Ranges are half-open, so
-- an interview may start when the previous one ends.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_no_overlap"
  EXCLUDE USING gist ("interviewer_id" WITH =, tstzrange("scheduled_time", "end_time") WITH &&)
  WHERE ("status" in ('scheduled', 'rescheduled', 'completed'));
--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_jobseeker_no_overlap"
  EXCLUDE USING gist ("jobseeker_id" WITH =, tstzrange("scheduled_time", "end_time") WITH &&)
  WHERE ("status" in ('scheduled', 'rescheduled', 'completed'));
