ALTER TABLE "positions" DROP CONSTRAINT "positions_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "raw_logs" DROP CONSTRAINT "raw_logs_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "raw_logs" DROP CONSTRAINT "raw_logs_organisation_id_organisations_id_fk";
--> statement-breakpoint
-- positions and raw_logs lose their foreign keys: checked on every row the gateway appends, they
-- were a fifth of the database's work for a batch (docs/scaling.md). What they did when a device or
-- an organisation is deleted is done here instead, once per deleted row. A batch naming a device
-- deleted meanwhile still fails as before: its device_states rows keep their key, and what they do
-- not vouch for (a device's invalid frames, the organisations) the batch locks and checks once
-- (server/gateway/batch-sql.ts, lockNamed). A batch in flight holds the device's device_states row
-- or its lock on the device: the delete waits for it here, whatever order the triggers fire in, and
-- the statements below then see its rows.
CREATE OR REPLACE FUNCTION waymark_device_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM device_states WHERE device_id = OLD.id FOR UPDATE;
  DELETE FROM positions WHERE device_id = OLD.id;
  UPDATE raw_logs SET device_id = NULL WHERE device_id = OLD.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER devices_history_deleted AFTER DELETE ON devices FOR EACH ROW EXECUTE FUNCTION waymark_device_deleted();--> statement-breakpoint
-- an organisation whose frames are kept cannot be deleted, as the key refused it (SQLSTATE 23503)
CREATE OR REPLACE FUNCTION waymark_organisation_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM raw_logs WHERE organisation_id = OLD.id) THEN
    RAISE foreign_key_violation USING MESSAGE = format('raw_logs still refer to organisation %s', OLD.id);
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER organisations_raw_logs_deleting BEFORE DELETE ON organisations FOR EACH ROW EXECUTE FUNCTION waymark_organisation_deleting();
