ALTER TABLE "subscriptions" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "letter_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_token_hash_unique" UNIQUE("token_hash");