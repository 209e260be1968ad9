ALTER TABLE "routes" ALTER COLUMN "tolerance_meters" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "routes" ALTER COLUMN "tolerance_meters" DROP NOT NULL;