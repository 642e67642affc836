ALTER TABLE "service_requests" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "billing_gstin" text;