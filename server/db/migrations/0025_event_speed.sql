-- speed as a column of its own, and type and speed in the (device_id, event_time) index: the event reports' totals row and chart by type read the index alone
DROP INDEX "events_device_time_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "speed" double precision GENERATED ALWAYS AS (case when jsonb_typeof(attributes->'speed') = 'number' then (attributes->>'speed')::float8 end) STORED;--> statement-breakpoint
CREATE INDEX "events_device_time_idx" ON "events" USING btree ("device_id","event_time","type","speed");--> statement-breakpoint
-- the rewrite left the new column without statistics
ANALYZE "events";