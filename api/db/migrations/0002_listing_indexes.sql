DROP INDEX "product_groups_category_brand_idx";--> statement-breakpoint
DROP INDEX "products_group_sort_idx";--> statement-breakpoint
DROP INDEX "commercial_offers_manager_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "posts_kind_published_idx";--> statement-breakpoint
DROP INDEX "product_groups_category_popularity_idx";--> statement-breakpoint
DROP INDEX "product_groups_category_price_idx";--> statement-breakpoint
DROP INDEX "product_groups_brand_popularity_idx";--> statement-breakpoint
DROP INDEX "product_groups_created_idx";--> statement-breakpoint
DROP INDEX "product_groups_best_offer_idx";--> statement-breakpoint
DROP INDEX "product_groups_new_idx";--> statement-breakpoint
DROP INDEX "product_groups_recommended_idx";--> statement-breakpoint
DROP INDEX "search_history_user_idx";--> statement-breakpoint
ALTER TABLE "coating_options" ADD COLUMN "is_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "commercial_offer_items" ADD COLUMN "comment" text;--> statement-breakpoint
-- Hand-edited: databases seeded before this migration get root_category_id from the category path ("/root/leaf/").
ALTER TABLE "product_groups" ADD COLUMN "root_category_id" integer;--> statement-breakpoint
UPDATE "product_groups" g SET "root_category_id" = split_part(c."path", '/', 2)::integer FROM "categories" c WHERE c."id" = g."category_id";--> statement-breakpoint
ALTER TABLE "product_groups" ALTER COLUMN "root_category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_root_category_id_categories_id_fk" FOREIGN KEY ("root_category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_groups_root_popularity_idx" ON "product_groups" USING btree ("root_category_id","popularity") WHERE "product_groups"."is_active";--> statement-breakpoint
CREATE INDEX "product_groups_root_price_idx" ON "product_groups" USING btree ("root_category_id","min_price") WHERE "product_groups"."is_active";--> statement-breakpoint
CREATE INDEX "product_groups_category_facets_idx" ON "product_groups" USING btree ("category_id","brand_id","min_price","total_stock","id") WHERE "product_groups"."is_active";--> statement-breakpoint
CREATE INDEX "products_group_color_idx" ON "products" USING btree ("group_id","color_id");--> statement-breakpoint
CREATE INDEX "commercial_offers_manager_created_idx" ON "commercial_offers" USING btree ("manager_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_kind_published_idx" ON "posts" USING btree ("kind","published_at");--> statement-breakpoint
CREATE INDEX "product_groups_category_popularity_idx" ON "product_groups" USING btree ("category_id","popularity") WHERE "product_groups"."is_active";--> statement-breakpoint
CREATE INDEX "product_groups_category_price_idx" ON "product_groups" USING btree ("category_id","min_price") WHERE "product_groups"."is_active";--> statement-breakpoint
CREATE INDEX "product_groups_brand_popularity_idx" ON "product_groups" USING btree ("brand_id","popularity") WHERE "product_groups"."is_active";--> statement-breakpoint
CREATE INDEX "product_groups_created_idx" ON "product_groups" USING btree ("created_at") WHERE "product_groups"."is_active";--> statement-breakpoint
CREATE INDEX "product_groups_best_offer_idx" ON "product_groups" USING btree ("popularity") WHERE "product_groups"."is_active" AND "product_groups"."is_best_offer";--> statement-breakpoint
CREATE INDEX "product_groups_new_idx" ON "product_groups" USING btree ("popularity") WHERE "product_groups"."is_active" AND "product_groups"."is_new";--> statement-breakpoint
CREATE INDEX "product_groups_recommended_idx" ON "product_groups" USING btree ("popularity") WHERE "product_groups"."is_active" AND "product_groups"."is_recommended";--> statement-breakpoint
CREATE INDEX "search_history_user_idx" ON "search_history" USING btree ("user_id","created_at");