CREATE TABLE "sweep_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"every_km" integer,
	"every_hours" integer,
	"every_days" integer,
	"due_state" text DEFAULT 'OK' NOT NULL,
	"since_start" double precision DEFAULT 0 NOT NULL,
	"period_started_at" timestamp with time zone NOT NULL,
	"start_meters" double precision DEFAULT 0 NOT NULL,
	"start_engine_seconds" double precision DEFAULT 0 NOT NULL,
	"last_done_at" timestamp with time zone,
	"due_raised_at" timestamp with time zone,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_schedules_org_idx" ON "maintenance_schedules" USING btree ("organisation_id");--> statement-breakpoint
SELECT waymark_watch_table('maintenance_schedules');