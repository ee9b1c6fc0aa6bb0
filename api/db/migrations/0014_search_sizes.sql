-- Search (ADR 044): size words ("футболка xl") read the groups with a variation of that size from
-- this index alone.
CREATE INDEX "products_size_group_idx" ON "products" USING btree ("size","group_id") WHERE "products"."size" IS NOT NULL;
