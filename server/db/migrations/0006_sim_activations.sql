CREATE TABLE "sim_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"imei" text NOT NULL,
	"uid" text,
	"device_id" uuid NOT NULL,
	"ips" jsonb NOT NULL,
	"numbers" jsonb NOT NULL,
	"duration_in_days" integer NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"manufacturer_id" uuid,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"organisation_id" uuid NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_manufacturer_id_organisations_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_activations_org_status_idx" ON "sim_activations" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "sim_activations_status_created_idx" ON "sim_activations" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_activations_open_device_idx" ON "sim_activations" USING btree ("device_id") WHERE "sim_activations"."status" in ('INITIATED', 'APPROVED');