-- Trips, stops and daily summaries, kept up to date by the summariser (server/reports/summariser.ts).
CREATE TABLE "trips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"end_latitude" double precision,
	"end_longitude" double precision,
	"distance_meters" double precision DEFAULT 0 NOT NULL,
	"duration_seconds" integer NOT NULL,
	"max_speed" real DEFAULT 0 NOT NULL,
	"average_speed" real DEFAULT 0 NOT NULL,
	"ignition_on_seconds" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stops" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"duration_seconds" integer NOT NULL,
	"ignition" boolean,
	"ignition_on_seconds" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_summaries" (
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"distance_meters" double precision DEFAULT 0 NOT NULL,
	"running_seconds" integer DEFAULT 0 NOT NULL,
	"idle_seconds" integer DEFAULT 0 NOT NULL,
	"stopped_seconds" integer DEFAULT 0 NOT NULL,
	"first_ignition_on" timestamp with time zone,
	"last_ignition_off" timestamp with time zone,
	"max_speed" real DEFAULT 0 NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"stops" integer DEFAULT 0 NOT NULL,
	"positions" integer DEFAULT 0 NOT NULL,
	"alert_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_fix_time" timestamp with time zone,
	"last_fix_time" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_summaries_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "trip_states" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"processed_until" timestamp with time zone NOT NULL,
	"state" jsonb NOT NULL,
	"summarised_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_states" ADD COLUMN "summary_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summaries" ADD CONSTRAINT "daily_summaries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_states" ADD CONSTRAINT "trip_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_device_start_idx" ON "trips" USING btree ("device_id","start_time");--> statement-breakpoint
CREATE INDEX "trips_day_idx" ON "trips" USING btree ("day","device_id");--> statement-breakpoint
CREATE INDEX "stops_device_start_idx" ON "stops" USING btree ("device_id","start_time");--> statement-breakpoint
CREATE INDEX "stops_day_idx" ON "stops" USING btree ("day","device_id");--> statement-breakpoint
CREATE INDEX "daily_summaries_day_idx" ON "daily_summaries" USING btree ("day","device_id");--> statement-breakpoint
-- devices that already reported: the summariser reads their history from the start
UPDATE "device_states" s SET "summary_from" = (SELECT min(p."fix_time") FROM "positions" p WHERE p."device_id" = s."device_id");
