CREATE TABLE "price_guide_items" (
	"guide_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"typical_quantity" numeric(12, 2) NOT NULL,
	"low_unit_price_paise" integer NOT NULL,
	"high_unit_price_paise" integer NOT NULL,
	CONSTRAINT "price_guide_items_guide_id_position_pk" PRIMARY KEY("guide_id","position"),
	CONSTRAINT "price_guide_items_kind_check" CHECK ("price_guide_items"."kind" in ('labour', 'material')),
	CONSTRAINT "price_guide_items_unit_check" CHECK ("price_guide_items"."unit" in ('job', 'hour', 'day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot')),
	CONSTRAINT "price_guide_items_amounts_check" CHECK ("price_guide_items"."typical_quantity" > 0 and "price_guide_items"."low_unit_price_paise" > 0 and "price_guide_items"."high_unit_price_paise" >= "price_guide_items"."low_unit_price_paise" and "price_guide_items"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"town_id" integer NOT NULL,
	"minimum_charge_paise" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_guides_minimum_check" CHECK ("price_guides"."minimum_charge_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_guide_items" ADD CONSTRAINT "price_guide_items_guide_id_price_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."price_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_guides" ADD CONSTRAINT "price_guides_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_guides" ADD CONSTRAINT "price_guides_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_guides" ADD CONSTRAINT "price_guides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_guides_service_town_key" ON "price_guides" USING btree ("service_id","town_id");--> statement-breakpoint
-- GET /api/price-ranges is a cached read (decision 014): it is dropped when a guide or its items change.
CREATE TRIGGER "price_guides_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_guides"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
--> statement-breakpoint
CREATE TRIGGER "price_guide_items_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_guide_items"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
