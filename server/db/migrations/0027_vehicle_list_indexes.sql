DROP INDEX "vehicles_org_idx";--> statement-breakpoint
CREATE INDEX "vehicles_org_category_registration_idx" ON "vehicles" USING btree ("organisation_id","category","registration_number");--> statement-breakpoint
CREATE INDEX "vehicles_category_registration_idx" ON "vehicles" USING btree ("category","registration_number");