CREATE INDEX "assignments_status_date_idx" ON "assignments" USING btree ("status","assignment_date");--> statement-breakpoint
CREATE INDEX "assignments_date_idx" ON "assignments" USING btree ("assignment_date");--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "service_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_captured_created_idx" ON "payments" USING btree ("created_at") WHERE "payments"."state" = 'captured';--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");