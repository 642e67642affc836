CREATE TABLE "service_pictures" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_pictures_type_check" CHECK ("service_pictures"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "service_pictures_size_check" CHECK ("service_pictures"."size" > 0 and "service_pictures"."size" <= 409600 and octet_length("service_pictures"."bytes") = "service_pictures"."size")
);
--> statement-breakpoint
CREATE TABLE "town_services" (
	"town_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "town_services_town_id_service_id_pk" PRIMARY KEY("town_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "name_te" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sort_order" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "category" text DEFAULT 'labour' NOT NULL;--> statement-breakpoint
ALTER TABLE "towns" ADD COLUMN "name_te" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "towns" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "towns" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "towns" ADD COLUMN "sort_order" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_pictures" ADD CONSTRAINT "service_pictures_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "town_services" ADD CONSTRAINT "town_services_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "town_services" ADD CONSTRAINT "town_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_lower_key" ON "services" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "towns_name_lower_key" ON "towns" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_check" CHECK ("services"."category" in ('labour', 'material'));
--> statement-breakpoint
-- The initial rows (decision 048): the seed's 3 towns and the 15 services (the seed's 11 and the 4 of
-- decision 025), with the Telugu and Hindi names the web app had in common.json, in the old lists'
-- order, on a fresh database and on one whose start already inserted them by English name.
INSERT INTO "towns" ("name", "name_te", "name_hi", "sort_order") VALUES
  ('Armoor', 'ఆర్మూర్', 'आर्मूर', 10),
  ('Nizamabad', 'నిజామాబాద్', 'निज़ामाबाद', 20),
  ('Nirmal', 'నిర్మల్', 'निर्मल', 30)
ON CONFLICT ("name") DO UPDATE SET "name_te" = excluded."name_te", "name_hi" = excluded."name_hi", "sort_order" = excluded."sort_order";
--> statement-breakpoint
INSERT INTO "services" ("name", "name_te", "name_hi", "sort_order", "category") VALUES
  ('Plumber', 'ప్లంబర్', 'प्लंबर', 10, 'labour'),
  ('Electrician', 'ఎలక్ట్రీషియన్', 'इलेक्ट्रीशियन', 20, 'labour'),
  ('Painter', 'పెయింటర్', 'पेंटर', 30, 'labour'),
  ('Brick Worker', 'మేస్త్రీ (ఇటుక పని)', 'मिस्त्री (ईंट का काम)', 40, 'labour'),
  ('Home Services', 'ఇంటి పనులు', 'घर के काम', 50, 'labour'),
  ('Sand Services', 'ఇసుక సరఫరా', 'रेत की सप्लाई', 60, 'material'),
  ('Morter Services', 'మోర్టార్ (సిమెంట్ మిశ్రమం) సరఫరా', 'मसाला (मोर्टार) सप्लाई', 70, 'material'),
  ('Delivery Services', 'డెలివరీ సేవలు', 'डिलीवरी सेवाएँ', 80, 'labour'),
  ('Brick Services', 'ఇటుకల సరఫరా', 'ईंटों की सप्लाई', 90, 'material'),
  ('Construction Workers', 'నిర్మాణ కూలీలు', 'निर्माण मज़दूर', 100, 'labour'),
  ('Construction Tools and Equipment', 'నిర్మాణ పనిముట్లు, యంత్రాలు', 'निर्माण के औज़ार और मशीनें', 110, 'material'),
  ('Carpenter', 'వడ్రంగి', 'बढ़ई', 120, 'labour'),
  ('Welding Services', 'వెల్డింగ్ పని', 'वेल्डिंग का काम', 130, 'labour'),
  ('Cleaning Services', 'క్లీనింగ్ సేవలు', 'सफ़ाई सेवाएँ', 140, 'labour'),
  ('Steel Services', 'స్టీల్ సరఫరా', 'सरिया (स्टील) सप्लाई', 150, 'material')
ON CONFLICT ("name") DO UPDATE SET "name_te" = excluded."name_te", "name_hi" = excluded."name_hi", "sort_order" = excluded."sort_order", "category" = excluded."category";
--> statement-breakpoint
-- Until now every town offered every service: so it stays.
INSERT INTO "town_services" ("town_id", "service_id") SELECT t."id", s."id" FROM "towns" t CROSS JOIN "services" s ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- GET /api/towns and GET /api/services are cached reads (decision 014): announce their tables' changes.
CREATE TRIGGER "town_services_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "town_services"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
--> statement-breakpoint
CREATE TRIGGER "service_pictures_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_pictures"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
