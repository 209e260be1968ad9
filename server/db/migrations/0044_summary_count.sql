ALTER TABLE "device_states" ADD COLUMN "summary_count" integer;--> statement-breakpoint
ALTER TABLE "device_states" ADD COLUMN "summary_claimed_by" uuid;