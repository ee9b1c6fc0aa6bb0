ALTER TABLE "orders" ADD COLUMN "pickup_office_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_office_id_offices_id_fk" FOREIGN KEY ("pickup_office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Pickup orders made before the choice existed were collected at their city's office.
UPDATE "orders" SET "pickup_office_id" = c."office_id" FROM "cities" c WHERE c."id" = "orders"."city_id" AND "orders"."delivery_type" = 'pickup_point';
