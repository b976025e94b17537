ALTER TYPE "public"."event_status" ADD VALUE 'awaiting_payment';--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"payment_intent_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"receipt_url" text,
	"refund_id" text,
	"guest_links" jsonb,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payments_state_known" CHECK ("booking_payments"."state" in ('awaiting', 'paid', 'failed', 'expired', 'released', 'refund_due', 'refunded', 'refund_not_due'))
);
--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "price_amount" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "refund_policy" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "refund_hours" integer;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_intent_key" ON "booking_payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "booking_payments_state_idx" ON "booking_payments" USING btree ("state");--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_price_pair" CHECK (("event_types"."price_amount" is null) = ("event_types"."price_currency" is null));--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_price_range" CHECK ("event_types"."price_amount" between 1 and 99999999);--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_refund_policy" CHECK ("event_types"."refund_policy" in ('full', 'none', 'until'));--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_refund_hours" CHECK (("event_types"."refund_policy" = 'until') = ("event_types"."refund_hours" is not null));--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_refund_hours_range" CHECK ("event_types"."refund_hours" between 1 and 8760);