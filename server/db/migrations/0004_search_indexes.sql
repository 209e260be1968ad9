-- Trigram indexes serve the list search (filter q: ILIKE '%text%') on the collections that grow large.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_imei_trgm" ON "devices" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_name_trgm" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_uid_trgm" ON "devices" USING gin ("uid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_iccid_trgm" ON "devices" USING gin ("iccid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_sim1_trgm" ON "devices" USING gin ("sim1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_sim2_trgm" ON "devices" USING gin ("sim2" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_name_trgm" ON "vehicles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_registration_trgm" ON "vehicles" USING gin ("registration_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_engine_trgm" ON "vehicles" USING gin ("engine_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_chassis_trgm" ON "vehicles" USING gin ("chassis_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_trgm" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_trgm" ON "users" USING gin ("phone" gin_trgm_ops);
