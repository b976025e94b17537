-- IF NOT EXISTS: on a big database these can be built beforehand with CREATE INDEX CONCURRENTLY
-- under the same names, and then this migration takes no lock (docs/decisions/102).
CREATE INDEX IF NOT EXISTS "events_starts_id_idx" ON "events" USING btree ("starts_at","id","ends_at","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_status_starts_id_idx" ON "events" USING btree ("status","starts_at","id","ends_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_during_idx" ON "events" USING gist (tstzrange("starts_at", "ends_at", '[)'));