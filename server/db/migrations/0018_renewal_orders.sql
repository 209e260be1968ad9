CREATE TABLE "renewal_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"fitment_id" uuid NOT NULL,
	"imei" text NOT NULL,
	"registration_number" text NOT NULL,
	"duration_in_days" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_before" timestamp with time zone NOT NULL,
	"expires_after" timestamp with time zone,
	"payment_reference" text,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"created_by" uuid,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_orders_status_check" CHECK ("status" in ('PENDING', 'PAID')),
	CONSTRAINT "renewal_orders_duration_check" CHECK ("duration_in_days" in (365, 730)),
	CONSTRAINT "renewal_orders_amount_check" CHECK ("amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_fitment_id_fitments_id_fk" FOREIGN KEY ("fitment_id") REFERENCES "public"."fitments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_orders_reference_idx" ON "renewal_orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "renewal_orders_fitment_idx" ON "renewal_orders" USING btree ("fitment_id","created_at");--> statement-breakpoint
CREATE INDEX "renewal_orders_org_status_idx" ON "renewal_orders" USING btree ("organisation_id","status","created_at");
