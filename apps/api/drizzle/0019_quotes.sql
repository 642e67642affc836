CREATE TABLE "quote_lines" (
	"quote_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"service_id" integer,
	"unit" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "quote_lines_quote_id_position_pk" PRIMARY KEY("quote_id","position"),
	CONSTRAINT "quote_lines_kind_check" CHECK ("quote_lines"."kind" in ('labour', 'material')),
	CONSTRAINT "quote_lines_unit_check" CHECK ("quote_lines"."unit" in ('job', 'hour', 'day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot')),
	CONSTRAINT "quote_lines_amounts_check" CHECK ("quote_lines"."quantity" > 0 and "quote_lines"."unit_price_paise" > 0 and "quote_lines"."total_paise" > 0 and "quote_lines"."position" > 0),
	CONSTRAINT "quote_lines_total_check" CHECK ("quote_lines"."total_paise" = round("quote_lines"."quantity" * "quote_lines"."unit_price_paise"))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"valid_until" date NOT NULL,
	"note" text,
	"visit_charge_paise" integer DEFAULT 0 NOT NULL,
	"worker_id" integer,
	"slot_date" date,
	"start_time" time,
	"end_time" time,
	"total_paise" integer NOT NULL,
	"idempotency_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decline_reason" text,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('sent', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "quotes_version_check" CHECK ("quotes"."version" > 0),
	CONSTRAINT "quotes_amounts_check" CHECK ("quotes"."visit_charge_paise" >= 0 and "quotes"."total_paise" > 0 and "quotes"."total_paise" >= "quotes"."visit_charge_paise"),
	CONSTRAINT "quotes_slot_check" CHECK (("quotes"."slot_date" is null) = ("quotes"."start_time" is null) and ("quotes"."start_time" is null) = ("quotes"."end_time" is null) and ("quotes"."worker_id" is null or "quotes"."slot_date" is not null) and ("quotes"."start_time" is null or "quotes"."start_time" < "quotes"."end_time")),
	CONSTRAINT "quotes_decided_check" CHECK (("quotes"."status" in ('accepted', 'declined')) = ("quotes"."decided_at" is not null)),
	CONSTRAINT "quotes_decline_reason_check" CHECK ("quotes"."decline_reason" is null or "quotes"."status" = 'declined')
);
--> statement-breakpoint
ALTER TABLE "task_line_items" ADD COLUMN "quantity" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "task_line_items" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "task_line_items" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_request_version_key" ON "quotes" USING btree ("request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_sent_per_request" ON "quotes" USING btree ("request_id") WHERE "quotes"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_accepted_per_request" ON "quotes" USING btree ("request_id") WHERE "quotes"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_idempotency_key" ON "quotes" USING btree ("request_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "task_line_items" ADD CONSTRAINT "task_line_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_line_items" ADD CONSTRAINT "task_line_items_quantity_check" CHECK (("task_line_items"."quantity" is null) = ("task_line_items"."unit" is null) and ("task_line_items"."quantity" is null or "task_line_items"."quantity" > 0));--> statement-breakpoint
ALTER TABLE "task_line_items" ADD CONSTRAINT "task_line_items_unit_check" CHECK ("task_line_items"."unit" is null or "task_line_items"."unit" in ('job', 'hour', 'day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot'));