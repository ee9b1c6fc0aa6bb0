/**
 * /news, /blog and /actions (§2): paged lists of news, blog posts and promotions (§7 ?page). Three
 * route entries share this module; the section comes from the first path segment.
 */
import type { Route } from "./+types/post-list";
import { loadPostList } from "#app/features/posts/posts.server.ts";
import { PostGrid, PostPagination } from "#app/features/posts/post-parts.tsx";
import { sharedPageReading } from "#app/lib/cache-control.ts";
import postStyles from "#app/styles/posts.css?url";
import { seoMeta } from "#app/lib/seo.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, itemListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";

export const loader = ({ url, context }: Route.LoaderArgs) => loadPostList({ url, context });

export const headers = sharedPageReading("page");

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: postStyles }];

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function PostList({ loaderData }: Route.ComponentProps) {
  const { section, page, pageCount, posts } = loaderData;
  const origin = useRootData()?.origin ?? "";
  const crumbs = [{ title: section.title, href: section.base }];
  return (
    <div className="post-list">
      <Breadcrumbs items={crumbs} />
      <h1>
        {section.title}
        {page > 1 ? <span className="post-list__page"> — страница {page}</span> : null}
      </h1>
      {posts.length === 0 ? <p className="post-list__empty">{section.empty}</p> : <PostGrid posts={posts} />}
      <PostPagination base={section.base} page={page} pageCount={pageCount} />
      <JsonLd data={breadcrumbListJsonLd(origin, crumbs)} />
      <JsonLd data={itemListJsonLd(origin, posts.map((p) => ({ title: p.title, href: p.href })))} />
    </div>
  );
}
