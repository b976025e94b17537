CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"member_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_status_known" CHECK ("team_members"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "team_members_not_self" CHECK ("team_members"."member_id" is null or "team_members"."member_id" <> "team_members"."owner_id"),
	CONSTRAINT "team_members_accepted_has_member" CHECK (("team_members"."status" = 'accepted') = ("team_members"."member_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_owner_email_key" ON "team_members" USING btree ("owner_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_token_hash_key" ON "team_members" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_members_member_idx" ON "team_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "team_members_email_idx" ON "team_members" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_booking_id_events_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_booking_id_idx" ON "events" USING btree ("booking_id");