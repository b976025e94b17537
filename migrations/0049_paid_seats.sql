ALTER TABLE "booking_payments" DROP CONSTRAINT "booking_payments_pkey";--> statement-breakpoint
ALTER TABLE "booking_seats" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "seat_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_seat_id_booking_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."booking_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_seats_hold_until_idx" ON "booking_seats" USING btree ("hold_until") WHERE "booking_seats"."hold_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_event_key" ON "booking_payments" USING btree ("event_id") WHERE "booking_payments"."seat_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_seat_key" ON "booking_payments" USING btree ("seat_id");