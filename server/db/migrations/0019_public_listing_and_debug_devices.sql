-- An organisation's public listing (the SSC and RFC viewers): nothing is public unless a row here says so, and only the fields of this row are.
CREATE TABLE "centre_listings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"is_ssc" boolean DEFAULT false NOT NULL,
	"is_rfc" boolean DEFAULT false NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"phone" text,
	"latitude" double precision,
	"longitude" double precision,
	"contact_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "centre_listings" ADD CONSTRAINT "centre_listings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "centre_listings_state_district_idx" ON "centre_listings" USING btree ("state","district");--> statement-breakpoint
-- Temporary devices of the debug page: a table of their own, not rows of devices, so no tenant list, search or count can ever include them.
CREATE TABLE "ephemeral_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"imei" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ephemeral_devices" ADD CONSTRAINT "ephemeral_devices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ephemeral_devices" ADD CONSTRAINT "ephemeral_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ephemeral_devices_imei_idx" ON "ephemeral_devices" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "ephemeral_devices_organisation_idx" ON "ephemeral_devices" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "ephemeral_devices_expires_idx" ON "ephemeral_devices" USING btree ("expires_at");
