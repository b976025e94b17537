ALTER TABLE "api_tokens" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "source" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_label_length" CHECK (char_length("api_tokens"."label") between 1 and 60);--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_source_known" CHECK ("api_tokens"."source" in ('session', 'password', 'dashboard'));--> statement-breakpoint
-- Tokens minted before this column: those tied to a browser session came from PUT /users/{email}.
UPDATE "api_tokens" SET "source" = 'session' WHERE "session_id" IS NOT NULL;
