-- Positions partitioned by month of fix time (Asia/Kolkata months): old months are dropped whole
-- (retention, server/tracking/partitions.ts) and queries of a period read only its months.
-- The old table is renamed, its rows copied into the partitioned table, and dropped; the id
-- sequence is kept, so ids continue where they were.
ALTER TABLE "positions" RENAME TO "positions_unpartitioned";--> statement-breakpoint
ALTER TABLE "positions_unpartitioned" DROP CONSTRAINT "positions_device_id_devices_id_fk";--> statement-breakpoint
ALTER TABLE "positions_unpartitioned" RENAME CONSTRAINT "positions_pkey" TO "positions_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "positions_device_time_idx";--> statement-breakpoint
ALTER SEQUENCE "positions_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint DEFAULT nextval('positions_id_seq'::regclass) NOT NULL,
	"device_id" uuid NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed" real DEFAULT 0 NOT NULL,
	"heading" real DEFAULT 0 NOT NULL,
	"altitude" real,
	"satellites" integer,
	"ignition" boolean,
	"gps_fix" boolean DEFAULT true NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"packet_type" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "positions_id_fix_time_pk" PRIMARY KEY("id","fix_time")
) PARTITION BY RANGE ("fix_time");--> statement-breakpoint
ALTER SEQUENCE "positions_id_seq" OWNED BY "positions"."id";--> statement-breakpoint
CREATE INDEX "positions_device_time_idx" ON "positions" USING btree ("device_id","fix_time");--> statement-breakpoint
-- fixes outside every month's partition (a device with a wrong clock, a month not created yet)
CREATE TABLE "positions_default" PARTITION OF "positions" DEFAULT;--> statement-breakpoint
-- one partition per Asia/Kolkata month that holds rows, and the current and next 2 months;
-- named positions_yyyy_mm (server/tracking/partitions.ts creates the later ones, same names)
DO $$
DECLARE
	month date;
	this_month date := date_trunc('month', (now() at time zone 'Asia/Kolkata'))::date;
BEGIN
	FOR month IN
		SELECT DISTINCT date_trunc('month', p."fix_time" at time zone 'Asia/Kolkata')::date FROM "positions_unpartitioned" p
		UNION SELECT (this_month + make_interval(months => g))::date FROM generate_series(0, 2) g
	LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF "positions" FOR VALUES FROM (%L) TO (%L)',
			'positions_' || to_char(month, 'YYYY_MM'),
			month::timestamp at time zone 'Asia/Kolkata',
			(month + interval '1 month')::timestamp at time zone 'Asia/Kolkata');
	END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "positions" ("id", "device_id", "fix_time", "received_at", "latitude", "longitude", "speed", "heading", "altitude", "satellites", "ignition", "gps_fix", "live", "packet_type", "attributes")
	SELECT "id", "device_id", "fix_time", "received_at", "latitude", "longitude", "speed", "heading", "altitude", "satellites", "ignition", "gps_fix", "live", "packet_type", "attributes" FROM "positions_unpartitioned";--> statement-breakpoint
DROP TABLE "positions_unpartitioned";--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
