ALTER TABLE "events" ADD COLUMN "event_type_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_token_hash" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_booking_token_hash_key" ON "events" USING btree ("booking_token_hash");--> statement-breakpoint
CREATE INDEX "events_event_type_starts_idx" ON "events" USING btree ("event_type_id","starts_at");