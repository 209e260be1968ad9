ALTER TABLE "devices" ADD COLUMN "left_vehicle_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "tracked_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_states" DROP COLUMN "motion";--> statement-breakpoint
-- A vehicle's figures count its device's positions from its fitment on (docs/reports.md, "A vehicle's
-- own history"). A vehicle with a device tracks from its fitment: the moment it was recorded when
-- the fitment is dated the day it was recorded (Asia/Kolkata), the start of the fitment's day when
-- it was recorded later; from its creation when it has no fitment.
UPDATE "vehicles" v SET "tracked_from" = coalesce((
    SELECT CASE WHEN (f."fitment_date" AT TIME ZONE 'Asia/Kolkata')::date >= (f."created_at" AT TIME ZONE 'Asia/Kolkata')::date
      THEN f."created_at"
      ELSE ((f."fitment_date" AT TIME ZONE 'Asia/Kolkata')::date)::timestamp AT TIME ZONE 'Asia/Kolkata' END
    FROM "fitments" f WHERE f."vehicle_id" = v."id" AND f."device_id" = v."device_id"
    ORDER BY f."created_at" DESC LIMIT 1), v."created_at")
  WHERE v."device_id" IS NOT NULL;--> statement-breakpoint
-- The devices that reported before their vehicle tracked from are summarised again from that day,
-- with the earlier positions left out (a device without a saved trip state starts afresh from
-- summary_from, as migration 0030 did); the days before stay as they were.
WITH cut AS (
  SELECT v."device_id", ((v."tracked_from" AT TIME ZONE 'Asia/Kolkata')::date)::timestamp AT TIME ZONE 'Asia/Kolkata' AS "day_start"
  FROM "vehicles" v
  WHERE v."tracked_from" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "positions" p WHERE p."device_id" = v."device_id" AND p."fix_time" < v."tracked_from")
), reset AS (
  DELETE FROM "trip_states" t USING cut WHERE t."device_id" = cut."device_id" RETURNING t."device_id"
)
UPDATE "device_states" s SET "summary_from" = cut."day_start" FROM cut WHERE s."device_id" = cut."device_id";
