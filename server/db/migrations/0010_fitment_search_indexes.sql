-- the fitment list's search box (filter q) and the RTO picker's search go through ilike
CREATE INDEX IF NOT EXISTS "fitments_imei_trgm" ON "fitments" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fitments_registration_trgm" ON "fitments" USING gin ("registration_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fitments_customer_name_trgm" ON "fitments" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fitments_customer_phone_trgm" ON "fitments" USING gin ("customer_phone" gin_trgm_ops);
