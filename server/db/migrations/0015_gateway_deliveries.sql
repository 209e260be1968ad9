-- The gateway caches which device an IMEI names (server/gateway/devices.ts): a device added, deleted,
-- renumbered or moved, or a vehicle (un)linked, tells it to forget that IMEI ('*': forget them all).
CREATE OR REPLACE FUNCTION waymark_device_imeis_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('waymark_devices', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('waymark_devices', OLD.imei); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify('waymark_devices', NEW.imei); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER devices_gateway_cache AFTER INSERT OR DELETE OR UPDATE OF imei, organisation_id ON devices FOR EACH ROW EXECUTE FUNCTION waymark_device_imeis_changed();--> statement-breakpoint
CREATE TRIGGER devices_gateway_cache_truncated AFTER TRUNCATE ON devices FOR EACH STATEMENT EXECUTE FUNCTION waymark_device_imeis_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_vehicle_devices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('waymark_devices', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('waymark_devices', d.imei) FROM devices d WHERE d.id = OLD.device_id; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify('waymark_devices', d.imei) FROM devices d WHERE d.id = NEW.device_id; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER vehicles_gateway_cache AFTER INSERT OR DELETE OR UPDATE OF device_id ON vehicles FOR EACH ROW EXECUTE FUNCTION waymark_vehicle_devices_changed();--> statement-breakpoint
CREATE TRIGGER vehicles_gateway_cache_truncated AFTER TRUNCATE ON vehicles FOR EACH STATEMENT EXECUTE FUNCTION waymark_vehicle_devices_changed();--> statement-breakpoint
-- where each command was sent: the remote address of the connection that received it
ALTER TABLE device_commands ADD COLUMN sent_to_address text;
