CREATE TABLE "facet_bitmaps" (
	"scope_id" integer NOT NULL,
	"code" integer NOT NULL,
	"bits" bit varying NOT NULL,
	CONSTRAINT "facet_bitmaps_scope_id_code_pk" PRIMARY KEY("scope_id","code")
);
--> statement-breakpoint
CREATE INDEX "product_groups_price_idx" ON "product_groups" USING btree ("min_price") WHERE "product_groups"."is_active";--> statement-breakpoint
-- Hand-edited (api/catalog/facet-bitmaps.ts): bitmaps are read whole and are mostly zeros; keep
-- them uncompressed so reading one costs a copy, not a decompression. An existing catalogue gets
-- its bitmaps from the next `npm run seed` or refreshCatalogFacets(); until then the API counts rows
-- (same answers, slower).
ALTER TABLE "facet_bitmaps" ALTER COLUMN "bits" SET STORAGE EXTERNAL;
