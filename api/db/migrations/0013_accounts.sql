-- No refresh token was ever issued before accounts; an old row could not have a family.
DELETE FROM "refresh_tokens";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "family_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_addresses" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_addresses" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_addresses" ADD COLUMN "house" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_addresses" ADD COLUMN "flat" text;--> statement-breakpoint
ALTER TABLE "shipment_addresses" ADD COLUMN "postcode" text;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_history_user_query_uq" ON "search_history" USING btree ("user_id","query");