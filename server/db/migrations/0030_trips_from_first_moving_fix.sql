-- Trips start at their first moving fix and an idle standstill is no longer part of a trip
-- (docs/reports.md, issue 25): the days already summarised are worked out again by the new rule.
-- The summariser reads each device's history from summary_from; without a saved trip state it
-- starts that device afresh, and each day it passes over is written anew (trips, stops, summary).
-- Days whose positions have already been dropped keep the summary they have.
DELETE FROM "trip_states";--> statement-breakpoint
UPDATE "device_states" s SET "summary_from" = (SELECT min(p."fix_time") FROM "positions" p WHERE p."device_id" = s."device_id");
