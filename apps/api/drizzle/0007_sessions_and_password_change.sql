CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Sessions open before this migration (live refresh-token families) stay open: one row each.
INSERT INTO "sessions" ("id", "user_id", "created_at")
SELECT "family_id", min("user_id"), min("created_at") FROM "refresh_tokens"
WHERE "revoked_at" IS NULL AND "expires_at" > now()
GROUP BY "family_id";
--> statement-breakpoint
-- Every process caches accounts with their sessions (decision 014): announce changes to sessions too.
CREATE TRIGGER "sessions_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION townworks_announce_change();
