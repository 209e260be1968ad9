-- Who held each device when: a device's history (positions, events) belongs to the organisation that held it at the time.
CREATE TABLE "device_ownership_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_ownership_periods" ADD CONSTRAINT "device_ownership_periods_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ownership_periods" ADD CONSTRAINT "device_ownership_periods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_ownership_periods_device_idx" ON "device_ownership_periods" USING btree ("device_id","valid_from");--> statement-breakpoint
-- today's holders held their devices for all of the past: nothing recorded says otherwise
INSERT INTO "device_ownership_periods" ("device_id", "organisation_id", "valid_from") SELECT "id", "organisation_id", '-infinity' FROM "devices";--> statement-breakpoint
-- A trigger, so every path that creates a device or changes its organisation (allocate, rollback, bulk, a generic edit, SQL by hand) records the change.
-- A new device's first holder owns whatever history it uploads from before it was registered; a move closes the open period and opens the next at the same instant.
CREATE OR REPLACE FUNCTION waymark_device_ownership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_ownership_periods (device_id, organisation_id, valid_from) VALUES (NEW.id, NEW.organisation_id, '-infinity');
  ELSIF NEW.organisation_id IS DISTINCT FROM OLD.organisation_id THEN
    UPDATE device_ownership_periods SET valid_to = greatest(now(), valid_from)
      WHERE device_id = NEW.id AND valid_to IS NULL RETURNING valid_to INTO closed;
    INSERT INTO device_ownership_periods (device_id, organisation_id, valid_from) VALUES (NEW.id, NEW.organisation_id, coalesce(closed, now()));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER devices_ownership_periods AFTER INSERT OR UPDATE OF organisation_id ON devices FOR EACH ROW EXECUTE FUNCTION waymark_device_ownership();
