ALTER TYPE "public"."event_status" ADD VALUE 'pending';--> statement-breakpoint
ALTER TYPE "public"."booking_event_kind" ADD VALUE 'requested';--> statement-breakpoint
ALTER TYPE "public"."booking_event_kind" ADD VALUE 'approved';--> statement-breakpoint
ALTER TYPE "public"."booking_event_kind" ADD VALUE 'declined';--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "approval_token_hash" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "approval_hold_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_idx" ON "password_reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "events_hold_until_idx" ON "events" USING btree ("hold_until") WHERE "events"."hold_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "events_approval_token_hash_key" ON "events" USING btree ("approval_token_hash");--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_approval_hold_hours" CHECK ("event_types"."approval_hold_hours" between 1 and 168);