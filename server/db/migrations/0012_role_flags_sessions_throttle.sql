-- Super-admin is a flag of the built-in role set by the seed, never a role's name.
ALTER TABLE "roles" ADD COLUMN "is_super_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "roles" SET "is_super_admin" = true WHERE "is_system" AND "organisation_id" IS NULL AND "name" = 'SUPER_ADMIN';--> statement-breakpoint
-- Built-in role names are reserved (case, spaces and hyphens aside): a role made before that rule keeps its rights under a new name.
UPDATE "roles" SET "name" = 'Renamed ' || "name" || ' ' || left("id"::text, 8)
  WHERE NOT "is_system" AND upper(regexp_replace(trim("name"), '[\s-]+', '_', 'g')) IN (SELECT upper("name") FROM "roles" WHERE "is_system");--> statement-breakpoint
-- Failed sign-ins are counted per account (e-mail and phone alike), and only for accounts that exist.
DROP TABLE "login_throttle";--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A revoked session ends its access tokens too: processes caching live sessions forget them.
CREATE TRIGGER refresh_tokens_callers_changed AFTER UPDATE OF revoked_at OR DELETE ON refresh_tokens FOR EACH STATEMENT EXECUTE FUNCTION waymark_callers_changed();
