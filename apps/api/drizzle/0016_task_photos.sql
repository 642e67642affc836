CREATE TABLE "task_photo_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_photo_blobs_type_check" CHECK ("task_photo_blobs"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "task_photo_blobs_size_check" CHECK ("task_photo_blobs"."size" > 0 and "task_photo_blobs"."size" <= 614400 and octet_length("task_photo_blobs"."bytes") = "task_photo_blobs"."size")
);
--> statement-breakpoint
CREATE TABLE "task_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by_user_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_photos_type_check" CHECK ("task_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "task_photos_size_check" CHECK ("task_photos"."size" > 0 and "task_photos"."size" <= 614400)
);
--> statement-breakpoint
ALTER TABLE "task_photos" ADD CONSTRAINT "task_photos_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_photos" ADD CONSTRAINT "task_photos_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_photos_task_idx" ON "task_photos" USING btree ("task_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_photos_storage_key" ON "task_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "task_photos_idempotency_key" ON "task_photos" USING btree ("task_id","idempotency_key");