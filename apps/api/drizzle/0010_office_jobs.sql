ALTER TABLE "notifications" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_duplicate_idx" ON "service_requests" USING btree ("phone","service_id","service_date","id");--> statement-breakpoint
CREATE INDEX "notifications_task_idx" ON "notifications" USING btree ("task_id","id");--> statement-breakpoint
-- Messages written before this column name their task in their key: a booking's by its assignment
-- (task_assigned:a12:…, job_assigned:a12:…), a status change's by its workflow record (payment_due:w34:…).
UPDATE "notifications" AS n SET "task_id" = a."task_id" FROM "assignments" AS a
WHERE n."task_id" IS NULL AND n."message_key" ~ '^(task_assigned|job_assigned):a[0-9]{1,9}:'
  AND a."id" = (substring(n."message_key" from '^[a-z_]+:a([0-9]{1,9}):'))::integer;--> statement-breakpoint
UPDATE "notifications" AS n SET "task_id" = w."task_id" FROM "workflow_records" AS w
WHERE n."task_id" IS NULL AND n."message_key" ~ '^[a-z_]+:w[0-9]{1,9}:'
  AND w."id" = (substring(n."message_key" from '^[a-z_]+:w([0-9]{1,9}):'))::integer;
