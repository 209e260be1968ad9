ALTER TABLE "fitments" DROP CONSTRAINT "fitments_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "fitments" DROP CONSTRAINT "fitments_vehicle_id_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;