CREATE TABLE "fitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle" jsonb NOT NULL,
	"device" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"fitter" jsonb,
	"fitment_date" timestamp with time zone NOT NULL,
	"duration_in_days" integer NOT NULL,
	"device_activate" boolean DEFAULT true NOT NULL,
	"imei" text NOT NULL,
	"registration_number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"activation_status" text DEFAULT 'INACTIVE' NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"device_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"fitter_id" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"organisation_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_fitter_id_users_id_fk" FOREIGN KEY ("fitter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fitments_device_idx" ON "fitments" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "fitments_org_created_idx" ON "fitments" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "fitments_status_idx" ON "fitments" USING btree ("activation_status","created_at");--> statement-breakpoint
CREATE INDEX "fitments_vehicle_idx" ON "fitments" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rtos_code_idx" ON "rtos" USING btree ("code");--> statement-breakpoint
CREATE INDEX "rtos_state_idx" ON "rtos" USING btree ("state","code");