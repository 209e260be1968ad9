CREATE TABLE "sos_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"organisation_id" uuid NOT NULL,
	"event_id" bigint,
	"opened_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"released_at" timestamp with time zone,
	"escalation_level" integer DEFAULT 0 NOT NULL,
	"escalated_at" timestamp with time zone,
	"next_escalation_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sos_cases" ADD CONSTRAINT "sos_cases_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_cases" ADD CONSTRAINT "sos_cases_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_cases" ADD CONSTRAINT "sos_cases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_cases" ADD CONSTRAINT "sos_cases_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sos_cases_open_device_idx" ON "sos_cases" USING btree ("device_id") WHERE acknowledged_at is null;--> statement-breakpoint
CREATE INDEX "sos_cases_due_idx" ON "sos_cases" USING btree ("next_escalation_at") WHERE acknowledged_at is null;--> statement-breakpoint
CREATE INDEX "sos_cases_device_opened_idx" ON "sos_cases" USING btree ("device_id","opened_at");--> statement-breakpoint
-- acknowledge-sos (an action of the SOS report's module): a role that opens the SOS report may acknowledge an SOS
UPDATE "roles" r SET "auth_scopes" = (
  SELECT jsonb_agg(CASE WHEN g->>'id' = 'group-reports' AND jsonb_typeof(g->'children') = 'array' THEN jsonb_set(g, '{children}', (
    SELECT jsonb_agg(CASE WHEN c->>'id' = 'report-sosalert' AND jsonb_typeof(c->'actions') = 'object'
      THEN jsonb_set(c, '{actions,acknowledge-sos}', to_jsonb(coalesce((c->>'allowed')::boolean, false)))
      ELSE c END ORDER BY ci)
    FROM jsonb_array_elements(g->'children') WITH ORDINALITY AS cc(c, ci)))
  ELSE g END ORDER BY gi)
  FROM jsonb_array_elements(r."auth_scopes") WITH ORDINALITY AS gg(g, gi))
WHERE jsonb_typeof(r."auth_scopes") = 'array' AND jsonb_array_length(r."auth_scopes") > 0;
