CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint,
	"details" jsonb,
	"rule_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"event_type" text NOT NULL,
	"offline_minutes" integer,
	"wallet_below" integer,
	"vehicle_scope" text DEFAULT 'ALL' NOT NULL,
	"group_id" uuid,
	"vehicle_ids" jsonb,
	"channels" jsonb NOT NULL,
	"user_ids" jsonb,
	"contact_emails" jsonb,
	"contact_phones" jsonb,
	"webhook_url" text,
	"webhook_secret" text,
	"language" text DEFAULT 'en' NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"throttle_minutes" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"notice_id" bigint,
	"event_id" bigint,
	"event_type" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"vehicle_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_group_id_vehicle_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."vehicle_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "notices_throttle_idx" ON "notices" USING btree ("rule_id","vehicle_id","decided_at");--> statement-breakpoint
CREATE INDEX "notification_rules_org_idx" ON "notification_rules" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "notification_rules_type_idx" ON "notification_rules" USING btree ("event_type","organisation_id") WHERE enabled;--> statement-breakpoint
CREATE INDEX "user_notifications_user_idx" ON "user_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
SELECT waymark_watch_table('notification_rules');--> statement-breakpoint
-- The decision to notify, made in the transaction that stores the events (docs/notifications.md,
-- "Alert rules"): every statement inserting into events, by any path, inserts a notice per event
-- and enabled rule of its type in the event organisation's tree (the organisation or one above it)
-- whose vehicles take the event's vehicle. One look at an index when no rule has the types inserted.
CREATE OR REPLACE FUNCTION waymark_decide_notices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decided integer;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM notification_rules r WHERE r.enabled AND r.event_type IN (SELECT DISTINCT type FROM new_events)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO notices (event_id, rule_id, vehicle_id)
  SELECT e.id, r.id, e.vehicle_id
  FROM new_events e
  JOIN organisations o ON o.id = e.organisation_id
  JOIN notification_rules r ON r.enabled AND r.event_type = e.type
    AND r.organisation_id = ANY (string_to_array(trim(BOTH '/' FROM o.path), '/')::uuid[])
  WHERE (e.attributes->>'ruleId' IS NULL OR e.attributes->>'ruleId' = r.id::text)
    AND (
      r.vehicle_scope = 'ALL'
      OR (r.vehicle_scope = 'GROUP' AND EXISTS (
        SELECT 1 FROM vehicles v WHERE v.id = e.vehicle_id AND v.group_id = r.group_id))
      OR (r.vehicle_scope = 'VEHICLES' AND r.vehicle_ids ? e.vehicle_id::text)
    );
  GET DIAGNOSTICS decided = ROW_COUNT;
  IF decided > 0 THEN
    PERFORM pg_notify('waymark_notices', 'decided');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_decide_notices AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION waymark_decide_notices();
