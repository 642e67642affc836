CREATE TABLE "task_ratings" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"worker_id" integer NOT NULL,
	"customer_user_id" integer,
	"stars" smallint NOT NULL,
	"review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by_user_id" integer,
	"hidden_reason" text,
	CONSTRAINT "task_ratings_stars_check" CHECK ("task_ratings"."stars" between 1 and 5),
	CONSTRAINT "task_ratings_hidden_check" CHECK (("task_ratings"."hidden_at" is null) = ("task_ratings"."hidden_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "task_start_codes" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"wrong_tries" smallint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_start_codes_code_check" CHECK ("task_start_codes"."code" ~ '^[0-9]{4}$'),
	CONSTRAINT "task_start_codes_tries_check" CHECK ("task_start_codes"."wrong_tries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "workflow_records" ADD COLUMN "proof" text;--> statement-breakpoint
ALTER TABLE "task_ratings" ADD CONSTRAINT "task_ratings_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_ratings" ADD CONSTRAINT "task_ratings_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_ratings" ADD CONSTRAINT "task_ratings_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_ratings" ADD CONSTRAINT "task_ratings_hidden_by_user_id_users_id_fk" FOREIGN KEY ("hidden_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_start_codes" ADD CONSTRAINT "task_start_codes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_start_codes" ADD CONSTRAINT "task_start_codes_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_ratings_worker_idx" ON "task_ratings" USING btree ("worker_id","created_at");--> statement-breakpoint
ALTER TABLE "workflow_records" ADD CONSTRAINT "workflow_records_proof_check" CHECK ("workflow_records"."proof" is null or "workflow_records"."proof" = 'start_code');--> statement-breakpoint
-- Tasks waiting to start when the start code came get one now: their customers read it in My requests.
INSERT INTO "task_start_codes" ("task_id", "code")
  SELECT "id", lpad(floor(random() * 10000)::int::text, 4, '0') FROM "tasks"
  WHERE "status" = 'assigned' AND "request_id" IS NOT NULL;
--> statement-breakpoint
-- Cached reads (decision 014) that show ratings and start codes drop what they kept when these change.
CREATE TRIGGER "task_ratings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "task_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
--> statement-breakpoint
CREATE TRIGGER "task_start_codes_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "task_start_codes"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
