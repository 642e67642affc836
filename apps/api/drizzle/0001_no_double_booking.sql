-- A worker is never booked twice for overlapping time on the same date (cancelled assignments excepted).
-- drizzle-kit cannot express extensions or exclusion constraints, so this migration is written by hand.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_no_overlap"
  EXCLUDE USING gist (
    "worker_id" WITH =,
    tsrange("assignment_date" + "start_time", "assignment_date" + "end_time", '[)') WITH &&
  ) WHERE ("status" <> 'cancelled');
