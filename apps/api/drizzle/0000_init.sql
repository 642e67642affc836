CREATE TABLE "catalog_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"service_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "towns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "towns_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'worker', 'operator', 'admin')),
	CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'te', 'hi'))
);
--> statement-breakpoint
CREATE TABLE "cart_entries" (
	"user_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_entries_user_id_worker_id_pk" PRIMARY KEY("user_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "worker_days_off" (
	"worker_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "worker_days_off_worker_id_day_pk" PRIMARY KEY("worker_id","day")
);
--> statement-breakpoint
CREATE TABLE "worker_hours" (
	"worker_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "worker_hours_worker_id_weekday_pk" PRIMARY KEY("worker_id","weekday"),
	CONSTRAINT "worker_hours_weekday_check" CHECK ("worker_hours"."weekday" between 0 and 6),
	CONSTRAINT "worker_hours_order_check" CHECK ("worker_hours"."start_time" < "worker_hours"."end_time")
);
--> statement-breakpoint
CREATE TABLE "worker_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"worker_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_paise" integer NOT NULL,
	CONSTRAINT "worker_services_price_check" CHECK ("worker_services"."price_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"town_id" integer NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"user_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"service_desc" text DEFAULT '' NOT NULL,
	"assignment_date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"completion_date" date,
	"status" text DEFAULT 'assigned' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_status_check" CHECK ("assignments"."status" in ('assigned', 'work_inprogress', 'work_pending', 'work_completed', 'payment_pending', 'payment_received', 'paid_to_worker', 'task_completed', 'cancelled')),
	CONSTRAINT "assignments_time_order_check" CHECK ("assignments"."start_time" < "assignments"."end_time"),
	CONSTRAINT "assignments_completion_check" CHECK ("assignments"."completion_date" is null or "assignments"."completion_date" >= "assignments"."assignment_date")
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"service_id" integer NOT NULL,
	"town_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"customer_id" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"reject_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_state_check" CHECK ("service_requests"."state" in ('open', 'scheduled', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_name" text NOT NULL,
	"service_desc" text DEFAULT '' NOT NULL,
	"town_id" integer,
	"service_id" integer,
	"request_id" integer,
	"status" text DEFAULT 'assigned' NOT NULL,
	"price_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('assigned', 'work_inprogress', 'work_pending', 'work_completed', 'payment_pending', 'payment_received', 'paid_to_worker', 'task_completed', 'cancelled')),
	CONSTRAINT "tasks_price_check" CHECK ("tasks"."price_paise" is null or "tasks"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workflow_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"from_status" text,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer,
	"reason" text,
	CONSTRAINT "workflow_records_status_check" CHECK ("workflow_records"."status" in ('assigned', 'work_inprogress', 'work_pending', 'work_completed', 'payment_pending', 'payment_received', 'paid_to_worker', 'task_completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_id" text,
	"message_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_channel_check" CHECK ("notifications"."channel" in ('sms', 'whatsapp')),
	CONSTRAINT "notifications_state_check" CHECK ("notifications"."state" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"state" text DEFAULT 'created' NOT NULL,
	"idempotency_key" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_paise" > 0),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('created', 'captured', 'failed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payout_tasks" (
	"payout_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	CONSTRAINT "payout_tasks_payout_id_task_id_pk" PRIMARY KEY("payout_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"worker_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "catalog_cards" ADD CONSTRAINT "catalog_cards_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_days_off" ADD CONSTRAINT "worker_days_off_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_hours" ADD CONSTRAINT "worker_hours_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_services" ADD CONSTRAINT "worker_services_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_services" ADD CONSTRAINT "worker_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_records" ADD CONSTRAINT "workflow_records_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_records" ADD CONSTRAINT "workflow_records_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_tasks" ADD CONSTRAINT "payout_tasks_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_tasks" ADD CONSTRAINT "payout_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_cards_slug_key" ON "catalog_cards" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_cards_title_key" ON "catalog_cards" USING btree ("title");--> statement-breakpoint
CREATE INDEX "login_attempts_key_at_idx" ON "login_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "cart_entries_worker_idx" ON "cart_entries" USING btree ("worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_services_worker_service_key" ON "worker_services" USING btree ("worker_id","service_id");--> statement-breakpoint
CREATE INDEX "worker_services_service_idx" ON "worker_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workers_user_id_key" ON "workers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workers_town_idx" ON "workers" USING btree ("town_id");--> statement-breakpoint
CREATE INDEX "assignments_task_idx" ON "assignments" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "assignments_worker_date_idx" ON "assignments" USING btree ("worker_id","assignment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_idempotency_key" ON "service_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "service_requests_state_created_idx" ON "service_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_customer_idx" ON "service_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tasks_request_idx" ON "tasks" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "workflow_records_task_idx" ON "workflow_records" USING btree ("task_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_message_key" ON "notifications" USING btree ("message_key");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_task_idx" ON "payments" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_tasks_task_key" ON "payout_tasks" USING btree ("task_id");