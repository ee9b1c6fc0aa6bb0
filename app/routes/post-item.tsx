/**
 * /news/{id}, /blog/{id} and /actions/{id} (§2): one post with its sanitised body (§5), date (§9),
 * breadcrumbs and links to its neighbours; a promotion adds its period and products, a blog post
 * its comments (§7). Three route entries share this module. Junk or unknown id → §2 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/post-item";
import { loadPostItem } from "#app/features/posts/posts.server.ts";
import { commentAction } from "#app/features/posts/comments.server.ts";
import { CommentForms } from "#app/features/posts/comment-forms.tsx";
import { COVER_SIZE } from "#app/features/posts/post-views.ts";
import { PeriodBadge, PostComments } from "#app/features/posts/post-parts.tsx";
import { sharedPage } from "#app/lib/cache-control.ts";
import postStyles from "#app/styles/posts.css?url";
import { seoMeta } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { HtmlContent } from "#app/components/html-content.tsx";
import { ProductStrip } from "#app/features/catalog/product-strip.tsx";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const page = await loadPostItem({ url, params, context });
  // A logged-in visitor's page carries their edit controls: private (the page cache never stores
  // requests with the auth cookie; this keeps every other cache away too). Anonymous: shared.
  return data(page, context.isAuthenticated ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

/** Blog posts: write, edit and delete one's comments (issue 19). Nothing else posts here. */
export async function action({ request, params, context }: Route.ActionArgs) {
  // A client-side submission arrives as /blog/{id}.data (single fetch): the page's path is without it.
  const isBlog = new URL(request.url).pathname.startsWith("/blog/");
  const valid = isBlog && /^[1-9]\d{0,8}$/.test(params.id ?? "");
  const path = `/blog/${valid ? params.id : ""}`;
  const form = valid ? await request.formData().catch(() => null) : null;
  const answer = await commentAction(context, path, Number(params.id), form);
  return answer instanceof Response ? answer : data(answer, { headers: { "Cache-Control": "no-store" } });
}

export const headers = sharedPage;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: postStyles }];

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

const NEIGHBOUR_WORDS = {
  news: { previous: "Предыдущая новость", next: "Следующая новость" },
  blog: { previous: "Предыдущая статья", next: "Следующая статья" },
  promotion: { previous: "Предыдущая акция", next: "Следующая акция" },
} as const;

export default function PostItem({ loaderData, actionData }: Route.ComponentProps) {
  const { section, post, crumbs, products, comments, jsonLd, canComment, editing } = loaderData;
  const origin = useRootData()?.origin ?? "";
  const words = NEIGHBOUR_WORDS[section.kind];
  return (
    <article className="post-item">
      <Breadcrumbs items={crumbs} />
      <h1>{post.title}</h1>
      <p className="post-item__meta">
        <time dateTime={post.dateAttr}>{post.date}</time>
        {post.period ? (
          <span data-testid="promotion-period">
            Срок акции: <PeriodBadge period={post.period} state={post.periodState} />
          </span>
        ) : null}
      </p>
      {post.image ? (
        <img className="post-item__cover" src={post.image} alt="" width={COVER_SIZE.width} height={COVER_SIZE.height} fetchPriority="high" />
      ) : null}
      <p className="post-item__lead">{post.lead}</p>
      <HtmlContent html={post.body} />
      {products.length > 0 ? <ProductStrip title="Товары по акции" products={products} testId="promotion-products" /> : null}
      {comments ? (
        <PostComments comments={comments} editing={editing} answer={actionData ?? null}>
          <CommentForms path={`${section.base}/${post.id}`} canComment={canComment} answer={actionData ?? null} />
        </PostComments>
      ) : null}
      {post.previous || post.next ? (
        <nav className="post-item__neighbours" aria-label={`Другие публикации раздела «${section.title}»`}>
          {post.next ? (
            <AppLink to={`${section.base}/${post.next.id}`} rel="next" className="post-item__neighbour post-item__neighbour--next">
              <span className="post-item__neighbour-label">‹ {words.next}</span>
              <span className="post-item__neighbour-title">{post.next.title}</span>
            </AppLink>
          ) : (
            <span />
          )}
          {post.previous ? (
            <AppLink to={`${section.base}/${post.previous.id}`} rel="prev" className="post-item__neighbour post-item__neighbour--previous">
              <span className="post-item__neighbour-label">{words.previous} ›</span>
              <span className="post-item__neighbour-title">{post.previous.title}</span>
            </AppLink>
          ) : null}
        </nav>
      ) : null}
      <p className="post-item__back">
        <AppLink to={section.base}>← Все {section.kind === "news" ? "новости" : section.kind === "blog" ? "статьи" : "акции"}</AppLink>
      </p>
      <JsonLd data={jsonLd} />
      <JsonLd data={breadcrumbListJsonLd(origin, crumbs)} />
    </article>
  );
}
