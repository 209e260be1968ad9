-- Smart-city collection: households and bins are points of interest with a tag (QR or RFID, or none), a kind and a ward;
-- a job may be limited to one ward's points (docs/reports.md, Collection reports).
ALTER TABLE "points_of_interest" ADD COLUMN "tag_type" text;
--> statement-breakpoint
ALTER TABLE "points_of_interest" ADD COLUMN "kind" text;
--> statement-breakpoint
ALTER TABLE "points_of_interest" ADD COLUMN "ward_id" uuid;
--> statement-breakpoint
ALTER TABLE "points_of_interest" ADD CONSTRAINT "points_of_interest_ward_id_admin_divisions_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."admin_divisions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "points_of_interest_ward_idx" ON "points_of_interest" USING btree ("ward_id");
--> statement-breakpoint
ALTER TABLE "job_schedules" ADD COLUMN "ward_id" uuid;
--> statement-breakpoint
ALTER TABLE "job_schedules" ADD CONSTRAINT "job_schedules_ward_id_admin_divisions_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."admin_divisions"("id") ON DELETE set null ON UPDATE no action;
