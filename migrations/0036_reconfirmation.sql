ALTER TABLE "events" ADD COLUMN "reconfirm_state" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reconfirm_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reconfirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "reconfirm_hours" integer;--> statement-breakpoint
CREATE INDEX "events_reconfirm_due_idx" ON "events" USING btree ("reconfirm_due_at") WHERE "events"."reconfirm_due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "events_reconfirm_token_hash_key" ON "events" USING btree ("reconfirm_token_hash");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reconfirm_state" CHECK ("events"."reconfirm_state" in ('scheduled', 'asked', 'confirmed'));--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_reconfirm_hours_range" CHECK ("event_types"."reconfirm_hours" between 1 and 168);