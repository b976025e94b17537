ALTER TABLE "users" ADD COLUMN "professional_until" timestamp with time zone;--> statement-breakpoint
-- Existing buyers: one month from their latest payment (earlier records predate stacking).
UPDATE "users" u SET "professional_until" = p.last_issued + interval '1 month'
FROM (SELECT "user_id", max("issued_at") AS last_issued FROM "professionals" WHERE "user_id" IS NOT NULL GROUP BY "user_id") p
WHERE p."user_id" = u."id" AND u."role" = 'professional';
