-- No double booking (docs/decisions/017): the database refuses two not-cancelled events of one
-- host whose [starts_at, ends_at) ranges overlap. Drizzle cannot declare an exclusion
-- constraint, so this migration is written by hand.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Rows written before the constraint may overlap. Resolve them deterministically before adding
-- it: in creation order (created_at, then id), an event that overlaps an earlier-created event
-- of the same host that is still kept is cancelled (status 'cancelled', SEQUENCE + 1), so the
-- earliest-created of every overlapping set survives and a later one survives too when the
-- event it overlapped was itself cancelled.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT e.id, e.host_id, e.starts_at, e.ends_at, e.created_at
    FROM events e
    WHERE e.status <> 'cancelled'
      AND EXISTS (
        SELECT 1 FROM events o
        WHERE o.host_id = e.host_id AND o.id <> e.id AND o.status <> 'cancelled'
          AND o.starts_at < e.ends_at AND o.ends_at > e.starts_at
      )
    ORDER BY e.created_at, e.id
  LOOP
    IF EXISTS (
      SELECT 1 FROM events o
      WHERE o.host_id = r.host_id AND o.id <> r.id AND o.status <> 'cancelled'
        AND (o.created_at, o.id) < (r.created_at, r.id)
        AND o.starts_at < r.ends_at AND o.ends_at > r.starts_at
    ) THEN
      UPDATE events
      SET status = 'cancelled', sequence = sequence + 1, updated_at = now()
      WHERE id = r.id;
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_no_overlap" EXCLUDE USING gist (
  "host_id" WITH =,
  tstzrange("starts_at", "ends_at", '[)') WITH &&
) WHERE ("status" <> 'cancelled');
