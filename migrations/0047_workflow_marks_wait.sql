-- Custom (docs/decisions/114), written by hand: marking events for the workflow job's next poll
-- no longer passes by rows already marked. The job reads an event's workflows while it holds the
-- event's row lock, then writes the next check time; a mark that skipped the row because it was
-- already marked (by an earlier change the job is handling) was lost under that write. Marking
-- every row makes the UPDATE wait for the job's lock and mark it again after the job's write.
CREATE OR REPLACE FUNCTION "event_rows_mark_workflow_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "events" SET "workflow_check_at" = 'epoch'
    WHERE "id" = NEW.event_id AND "status" = 'confirmed';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "workflow_check_host"(uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "events" SET "workflow_check_at" = 'epoch'
  WHERE "host_id" = $1 AND "status" = 'confirmed' AND "starts_at" > now() - interval '32 days';
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "workflow_check_team"(uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "events" SET "workflow_check_at" = 'epoch'
  WHERE "event_type_id" IN (SELECT "id" FROM "event_types" WHERE "team_id" = $1)
    AND "status" = 'confirmed' AND "starts_at" > now() - interval '32 days';
$$;
