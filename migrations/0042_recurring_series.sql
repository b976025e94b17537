ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_index" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_rule" jsonb;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "recurring" jsonb;--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id","series_index") WHERE "events"."series_id" is not null;