-- A queued command wakes the gateways at once (server/gateway/commands.ts) instead of waiting for
-- their poll: the payload is the device id, so only the gateway holding its connection looks.
CREATE OR REPLACE FUNCTION waymark_command_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'QUEUED' THEN PERFORM pg_notify('waymark_commands', NEW.device_id::text); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER device_commands_queued AFTER INSERT OR UPDATE OF status ON device_commands FOR EACH ROW EXECUTE FUNCTION waymark_command_queued();
