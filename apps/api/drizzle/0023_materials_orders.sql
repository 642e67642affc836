ALTER TABLE "services" ADD COLUMN "order_units" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "worker_services" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "quantity" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_order_units_check" CHECK ("services"."order_units" <@ array['day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot']::text[]);--> statement-breakpoint
ALTER TABLE "worker_services" ADD CONSTRAINT "worker_services_unit_check" CHECK ("worker_services"."unit" in ('day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_order_check" CHECK (("service_requests"."quantity" is null) = ("service_requests"."unit" is null) and ("service_requests"."quantity" is null or "service_requests"."quantity" > 0));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_unit_check" CHECK ("service_requests"."unit" in ('day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot'));--> statement-breakpoint
-- The catalog's supplies are ordered by quantity (decision 069), each in the units it is sold in, the usual first.
UPDATE "services" SET "order_units" = CASE "name"
  WHEN 'Sand Services' THEN array['tractor_load', 'cubic_foot']
  WHEN 'Morter Services' THEN array['bag']
  WHEN 'Brick Services' THEN array['piece']
  WHEN 'Construction Tools and Equipment' THEN array['day']
  WHEN 'Delivery Services' THEN array['trip']
  WHEN 'Steel Services' THEN array['piece']
END
WHERE "name" in ('Sand Services', 'Morter Services', 'Brick Services', 'Construction Tools and Equipment', 'Delivery Services', 'Steel Services');
