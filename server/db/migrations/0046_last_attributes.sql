ALTER TABLE "device_states" ADD COLUMN "last_attributes" json;--> statement-breakpoint
-- the newest position's attributes leave last_position for a column of their own
UPDATE "device_states" SET "last_attributes" = ("last_position"->'attributes')::json, "last_position" = "last_position" - 'attributes'
  WHERE "last_position" ? 'attributes';
