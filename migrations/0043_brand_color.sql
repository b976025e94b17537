ALTER TABLE "users" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "brand_color" text;