CREATE TABLE "handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	CONSTRAINT "handles_one_owner" CHECK (("handles"."user_id" is null) <> ("handles"."team_id" is null))
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_role_known" CHECK ("team_invitations"."role" in ('owner', 'admin', 'member')),
	CONSTRAINT "team_invitations_status_known" CHECK ("team_invitations"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "team_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_memberships_role_known" CHECK ("team_memberships"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "handles" ADD CONSTRAINT "handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handles" ADD CONSTRAINT "handles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handles_user_key" ON "handles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handles_team_key" ON "handles" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_team_email_key" ON "team_invitations" USING btree ("team_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_hash_key" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitations_email_idx" ON "team_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "team_memberships_team_user_key" ON "team_memberships" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "team_memberships_user_idx" ON "team_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_slug_key" ON "teams" USING btree (lower("slug"));--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 057). One namespace for usernames and team slugs: every handle sits
-- once in "handles", kept in step by these triggers, so its primary key decides any race. A
-- clash answers a unique violation named after the writer's own key (users_username_key,
-- teams_slug_key), which the code already reads as "taken".
CREATE FUNCTION handles_of_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.username IS NOT DISTINCT FROM OLD.username THEN
    RETURN NEW;
  END IF;
  DELETE FROM handles WHERE user_id = NEW.id;
  IF NEW.username IS NOT NULL THEN
    BEGIN
      INSERT INTO handles (handle, user_id) VALUES (lower(NEW.username), NEW.id);
    EXCEPTION WHEN unique_violation THEN
      RAISE unique_violation USING MESSAGE = 'duplicate key value violates unique constraint "users_username_key"', CONSTRAINT = 'users_username_key';
    END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_handles AFTER INSERT OR UPDATE OF username ON users FOR EACH ROW EXECUTE FUNCTION handles_of_users();--> statement-breakpoint
CREATE FUNCTION handles_of_teams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.slug IS NOT DISTINCT FROM OLD.slug THEN
    RETURN NEW;
  END IF;
  DELETE FROM handles WHERE team_id = NEW.id;
  BEGIN
    INSERT INTO handles (handle, team_id) VALUES (lower(NEW.slug), NEW.id);
  EXCEPTION WHEN unique_violation THEN
    RAISE unique_violation USING MESSAGE = 'duplicate key value violates unique constraint "teams_slug_key"', CONSTRAINT = 'teams_slug_key';
  END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER teams_handles AFTER INSERT OR UPDATE OF slug ON teams FOR EACH ROW EXECUTE FUNCTION handles_of_teams();--> statement-breakpoint
INSERT INTO handles (handle, user_id) SELECT lower(username), id FROM users WHERE username IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Each owner of a decision-020 team (invitations, or a Collective / Round Robin event type)
-- gets a named team: "{Name}'s team", slug "{username}-team" (numbered when taken), the owner
-- as owner, accepted members as members, every invitation copied with its status and token hash
-- (mailed links keep working; an answered one says so). team_members keeps only the accepted
-- rows: it stays the host list the booking code reads (app/models/team-hosts.server.ts).
DO $$
DECLARE
  o record;
  base text;
  candidate text;
  n int;
  tid uuid;
BEGIN
  FOR o IN
    SELECT u.id, u.name, u.email, u.username FROM users u
    WHERE EXISTS (SELECT 1 FROM team_members m WHERE m.owner_id = u.id)
       OR EXISTS (SELECT 1 FROM event_types e WHERE e.user_id = u.id AND e.kind IN ('collective', 'round-robin'))
    ORDER BY u.created_at, u.id
  LOOP
    base := rtrim(left(coalesce(o.username, 'team-' || left(replace(o.id::text, '-', ''), 8)), 25), '-') || '-team';
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM handles WHERE handle = candidate) LOOP
      n := n + 1;
      candidate := rtrim(left(base, 29 - length(n::text)), '-') || '-' || n;
    END LOOP;
    INSERT INTO teams (name, slug)
      VALUES (coalesce(nullif(btrim(o.name), ''), split_part(o.email, '@', 1)) || '''s team', candidate)
      RETURNING id INTO tid;
    INSERT INTO team_memberships (team_id, user_id, role) VALUES (tid, o.id, 'owner');
    INSERT INTO team_memberships (team_id, user_id, role, created_at)
      SELECT tid, m.member_id, 'member', coalesce(m.responded_at, m.created_at) FROM team_members m
      WHERE m.owner_id = o.id AND m.status = 'accepted'
      ON CONFLICT DO NOTHING;
    INSERT INTO team_invitations (team_id, email, role, status, token_hash, invited_by, invited_at, responded_at, created_at, updated_at)
      SELECT tid, lower(m.email), 'member', m.status, m.token_hash, o.id, m.invited_at, m.responded_at, m.created_at, m.updated_at FROM team_members m
      WHERE m.owner_id = o.id;
    UPDATE event_types SET team_id = tid WHERE user_id = o.id AND kind IN ('collective', 'round-robin');
  END LOOP;
  DELETE FROM team_members WHERE status <> 'accepted';
END $$;
