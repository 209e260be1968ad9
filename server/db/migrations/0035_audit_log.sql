CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"actor_id" uuid,
	"account" text,
	"action" text NOT NULL,
	"target_id" text,
	"status" double precision,
	"address" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"organisation_id" uuid
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_org_idx" ON "audit_log" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC);--> statement-breakpoint
-- Append-only, as the wallet's ledger: setting the actor or the organisation to null when either is deleted is the one change allowed.
CREATE OR REPLACE FUNCTION waymark_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.id, NEW.at, NEW.event, NEW.account, NEW.action, NEW.target_id, NEW.status, NEW.address, NEW.details)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.event, OLD.account, OLD.action, OLD.target_id, OLD.status, OLD.address, OLD.details)
     AND (NEW.actor_id IS NULL OR NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id)
     AND (NEW.organisation_id IS NULL OR NEW.organisation_id IS NOT DISTINCT FROM OLD.organisation_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION waymark_audit_log_append_only();
