ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
-- messages queued before there was a delivery worker are not sent now (a reset code of last week
-- helps nobody): the ones an operator marked sent are sent, the rest stay as the log had them
UPDATE "outbox" SET "status" = CASE WHEN "sent_at" IS NULL THEN 'logged' ELSE 'sent' END;
