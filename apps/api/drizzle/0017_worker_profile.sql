ALTER TABLE "workers" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "experience_years" smallint;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "photo_type" text;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_languages_check" CHECK ("workers"."languages" <@ array['te', 'hi', 'ur', 'en', 'mr', 'kn']::text[]);--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_experience_years_check" CHECK ("workers"."experience_years" between 0 and 60);--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_photo_check" CHECK (("workers"."photo_key" is null) = ("workers"."photo_type" is null));--> statement-breakpoint
-- The office's roster shows the share of jobs with photos (a cached read, decision 014): it is dropped when photos change.
CREATE TRIGGER "task_photos_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "task_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
