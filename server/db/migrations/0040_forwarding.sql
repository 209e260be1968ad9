CREATE TABLE "forwarding_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'IDLE' NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"oldest_unsent_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"secret" text,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cursor_tx" "xid8",
	"cursor_seq" bigint DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "raw_logs" ADD COLUMN "tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "raw_logs" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "forwarding_destinations" ADD CONSTRAINT "forwarding_destinations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forwarding_destinations_org_idx" ON "forwarding_destinations" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "raw_logs_forward_idx" ON "raw_logs" USING btree ("tx","seq");--> statement-breakpoint
SELECT waymark_watch_table('forwarding_destinations');