-- Comments move from product groups to blog posts (issue 18, ADR 030), with the author's name kept
-- beside them; promotions get their products (post_products); posts get updated_at (sitemap
-- lastmod). Nothing wrote product-group comments before, so none are lost: the DELETE only makes
-- the NOT NULL columns safe on any database.
DELETE FROM "comments";--> statement-breakpoint
CREATE TABLE "post_products" (
	"post_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_products_post_id_group_id_pk" PRIMARY KEY("post_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_group_id_product_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "comments_group_idx";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "post_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "author_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "post_products" ADD CONSTRAINT "post_products_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_products" ADD CONSTRAINT "post_products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_products_group_idx" ON "post_products" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("post_id","created_at");--> statement-breakpoint
ALTER TABLE "comments" DROP COLUMN "group_id";