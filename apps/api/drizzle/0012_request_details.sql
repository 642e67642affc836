CREATE TABLE "request_photos" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_photos_type_check" CHECK ("request_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "request_photos_size_check" CHECK ("request_photos"."size" > 0 and "request_photos"."size" <= 409600 and octet_length("request_photos"."bytes") = "request_photos"."size")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "problems" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "time_window" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "preferred_worker_id" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_preferred_worker_id_workers_id_fk" FOREIGN KEY ("preferred_worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_time_window_check" CHECK ("service_requests"."time_window" in ('morning', 'afternoon', 'evening'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_language_check" CHECK ("service_requests"."language" in ('en', 'te', 'hi'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_pin_check" CHECK (("service_requests"."lat" is null) = ("service_requests"."lng" is null));