-- Processes keep list pages in memory (server/resources/list-cache.ts); a statement that changes a row
-- of a table a list reads NOTIFYs 'waymark_changes' with the table's name, and they drop the pages
-- that read it. A statement that changed no row says nothing (the gateway's firmware update runs on
-- every batch with a login and mostly changes nothing), hence the transition tables, which
-- PostgreSQL allows one event per trigger: three triggers and one for TRUNCATE per table.
CREATE OR REPLACE FUNCTION waymark_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('waymark_changes', TG_TABLE_NAME);
  ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('waymark_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A later migration watches a new entity's table with one line: SELECT waymark_watch_table('drivers');
CREATE OR REPLACE FUNCTION waymark_watch_table(watched text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_table_changed()', watched || '_changed_insert', watched);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_table_changed()', watched || '_changed_update', watched);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_table_changed()', watched || '_changed_delete', watched);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION waymark_table_changed()', watched || '_changed_truncate', watched);
END
$$;--> statement-breakpoint
-- The tables of every declared resource and of what their lists join, but not the history the
-- gateway appends to on every batch (positions, events, raw_logs): their lists are not cached.
SELECT waymark_watch_table(watched) FROM unnest(ARRAY[
  'organisations', 'users', 'roles', 'devices', 'vehicles', 'device_models', 'vehicle_groups', 'routes',
  'admin_divisions', 'job_schedules', 'points_of_interest', 'geofences', 'wallets', 'items',
  'sim_activations', 'fitments', 'rtos', 'renewal_orders'
]) AS watched;
