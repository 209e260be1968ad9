-- Processes cache who a caller is (user, role, organisation); any change to those tables tells them to forget.
CREATE OR REPLACE FUNCTION waymark_callers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('waymark_callers', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION waymark_callers_changed();--> statement-breakpoint
CREATE TRIGGER roles_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION waymark_callers_changed();--> statement-breakpoint
CREATE TRIGGER organisations_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisations FOR EACH STATEMENT EXECUTE FUNCTION waymark_callers_changed();
