ALTER TABLE "events" ADD COLUMN "guest_language" text;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_default_language_check" CHECK ("default_language" in ('en', 'es', 'de', 'fr', 'pt-BR'));
