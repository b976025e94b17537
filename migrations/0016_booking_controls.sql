CREATE TABLE "single_use_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_type_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"event_id" uuid,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "limit_per_guest" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "weekly_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "monthly_limit" integer;--> statement-breakpoint
ALTER TABLE "booking_seats" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "single_use_links" ADD CONSTRAINT "single_use_links_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_links" ADD CONSTRAINT "single_use_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "single_use_links_token_key" ON "single_use_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "single_use_links_event_type_idx" ON "single_use_links" USING btree ("event_type_id","created_at");