ALTER TABLE "files" ADD COLUMN "order_id" integer;--> statement-breakpoint
CREATE INDEX "files_unattached_idx" ON "files" USING btree ("created_at") WHERE "files"."order_id" IS NULL;--> statement-breakpoint
-- Files already in orders (before order_id existed) are theirs: the 24-hour sweep keeps them.
UPDATE "files" f SET "order_id" = o."id" FROM "orders" o WHERE f."order_id" IS NULL AND (o."legal_file_id" = f."id" OR f."id" = ANY (o."image_ids"));
