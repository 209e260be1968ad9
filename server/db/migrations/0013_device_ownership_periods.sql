-- Who held each device when: a device's history (positions, events) belongs to the organisation that held it at the time,
-- and to the organisation of the vehicle it was fitted to at the time (a dealer's device in a customer's truck: both see that stretch).
CREATE TABLE "device_ownership_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"vehicle_id" uuid
);
--> statement-breakpoint
ALTER TABLE "device_ownership_periods" ADD CONSTRAINT "device_ownership_periods_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ownership_periods" ADD CONSTRAINT "device_ownership_periods_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ownership_periods" ADD CONSTRAINT "device_ownership_periods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_ownership_periods_device_idx" ON "device_ownership_periods" USING btree ("device_id","valid_from");--> statement-breakpoint
-- today's holders held their devices for all of the past: nothing recorded says otherwise
INSERT INTO "device_ownership_periods" ("device_id", "organisation_id", "valid_from") SELECT "id", "organisation_id", '-infinity' FROM "devices";--> statement-breakpoint
INSERT INTO "device_ownership_periods" ("device_id", "organisation_id", "valid_from", "vehicle_id")
  SELECT v."device_id", v."organisation_id", '-infinity', v."id" FROM "vehicles" v JOIN "devices" d ON d."id" = v."device_id"
  JOIN "organisations" h ON h."id" = d."organisation_id" JOIN "organisations" o ON o."id" = v."organisation_id"
  WHERE o."path" LIKE h."path" || '%';--> statement-breakpoint
-- A trigger, so every path that creates a device or changes its organisation (allocate, rollback, bulk, a generic edit, SQL by hand) records the change.
-- A new device's first holder owns whatever history it uploads from before it was registered; a move closes the open period and opens the next at the same instant.
CREATE OR REPLACE FUNCTION waymark_device_ownership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed timestamptz;
  holder_path text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_ownership_periods (device_id, organisation_id, valid_from) VALUES (NEW.id, NEW.organisation_id, '-infinity');
  ELSIF NEW.organisation_id IS DISTINCT FROM OLD.organisation_id THEN
    UPDATE device_ownership_periods SET valid_to = greatest(now(), valid_from)
      WHERE device_id = NEW.id AND vehicle_id IS NULL AND valid_to IS NULL RETURNING valid_to INTO closed;
    INSERT INTO device_ownership_periods (device_id, organisation_id, valid_from) VALUES (NEW.id, NEW.organisation_id, coalesce(closed, now()));
    -- a vehicle outside the new holder's tree stops reading the device; one inside it (again) starts
    SELECT path INTO holder_path FROM organisations WHERE id = NEW.organisation_id;
    UPDATE device_ownership_periods p SET valid_to = greatest(now(), p.valid_from)
      FROM vehicles v JOIN organisations o ON o.id = v.organisation_id
      WHERE p.device_id = NEW.id AND p.vehicle_id = v.id AND p.valid_to IS NULL AND o.path NOT LIKE holder_path || '%';
    INSERT INTO device_ownership_periods (device_id, organisation_id, valid_from, vehicle_id)
      SELECT NEW.id, v.organisation_id, now(), v.id FROM vehicles v JOIN organisations o ON o.id = v.organisation_id
      WHERE v.device_id = NEW.id AND o.path LIKE holder_path || '%'
        AND NOT EXISTS (SELECT 1 FROM device_ownership_periods p WHERE p.vehicle_id = v.id AND p.device_id = NEW.id AND p.valid_to IS NULL);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER devices_ownership_periods AFTER INSERT OR UPDATE OF organisation_id ON devices FOR EACH ROW EXECUTE FUNCTION waymark_device_ownership();
--> statement-breakpoint
-- A vehicle's periods: opened when a device is fitted to it (or it moves organisation with one), closed when either goes.
CREATE OR REPLACE FUNCTION waymark_vehicle_device_periods() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.device_id IS NOT NULL
     AND (NEW.device_id IS DISTINCT FROM OLD.device_id OR NEW.organisation_id IS DISTINCT FROM OLD.organisation_id) THEN
    UPDATE device_ownership_periods SET valid_to = greatest(now(), valid_from)
      WHERE vehicle_id = OLD.id AND device_id = OLD.device_id AND valid_to IS NULL;
  END IF;
  -- only a vehicle inside the device holder's tree (a dealer's device in its customer's truck) reads the device
  IF NEW.device_id IS NOT NULL AND (TG_OP = 'INSERT'
     OR NEW.device_id IS DISTINCT FROM OLD.device_id OR NEW.organisation_id IS DISTINCT FROM OLD.organisation_id)
     AND EXISTS (SELECT 1 FROM devices d JOIN organisations h ON h.id = d.organisation_id, organisations o
                 WHERE d.id = NEW.device_id AND o.id = NEW.organisation_id AND o.path LIKE h.path || '%') THEN
    INSERT INTO device_ownership_periods (device_id, organisation_id, valid_from, vehicle_id) VALUES (NEW.device_id, NEW.organisation_id, now(), NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER vehicles_device_periods AFTER INSERT OR UPDATE OF device_id, organisation_id ON vehicles FOR EACH ROW EXECUTE FUNCTION waymark_vehicle_device_periods();
