/**
 * Loaders of the post pages (/news, /blog, /actions and their items, §2): the page number and
 * the id are checked before any call (junk → the §2 404), the body is sanitised (§5), dates are
 * written dd.mm.yy (§9), and everything the page shows is plain data.
 */
import { redirect } from "react-router";
import { endpoints, type Comment, type Post, type PostSummary, type PromotionPost } from "#contract/index.ts";
import type { AppLoadContext } from "react-router";
import { toCardView, type ProductCardView } from "#app/features/catalog/card-view.ts";
import { mainContentError, notFound } from "#app/lib/page-errors.server.ts";
import type { ApiResult } from "#app/lib/api-client.server.ts";
import { sanitizedHtml } from "#app/lib/sanitize.server.ts";
import { plainText } from "#app/lib/format.ts";
import { rasterImage, resolveSeo, SITE_NAME, type PageSeo } from "#app/lib/seo.ts";
import { commentParagraphs } from "./comment-text.ts";
import { formatPeriod, formatPostDate, moscowToday, periodState, postDateAttr } from "./post-date.ts";
import { POST_LIST_ENDPOINTS, POSTS_PER_PAGE, sectionOfPath, type PostSection } from "./post-kinds.ts";
import { postJsonLd } from "./post-json-ld.ts";
import { COVER_SIZE, type CommentView, type PostCardView } from "./post-views.ts";

export { COVER_SIZE };

function cardOf(section: PostSection, post: PostSummary, today: string): PostCardView {
  const isPromotion = post.kind === "promotion";
  return {
    id: post.id,
    href: `${section.base}/${post.id}`,
    title: post.title,
    lead: post.preview,
    image: post.image,
    date: formatPostDate(post.publishedAt),
    dateAttr: postDateAttr(post.publishedAt),
    period: isPromotion ? formatPeriod(post.activeFrom, post.activeTo) : null,
    periodState: isPromotion ? periodState(post.activeFrom, post.activeTo, today) : null,
  };
}

function sectionOrNotFound(pathname: string): PostSection {
  const section = sectionOfPath(pathname);
  if (!section) notFound(pathname);
  return section;
}

/**
 * ?page=N: absent is page 1; "1" redirects to the list's own path (page 1 is canonical without
 * it); anything but a plain number from 2 up names no page.
 */
export function pageOf(url: URL, base: string): number {
  const values = url.searchParams.getAll("page");
  if (values.length === 0) return 1;
  const raw = values[0]!;
  if (values.length > 1 || !/^[1-9]\d{0,5}$/.test(raw)) notFound(url.pathname);
  if (raw === "1") throw redirect(base, 301);
  return Number(raw);
}

export async function loadPostList({ url, context }: { url: URL; context: AppLoadContext }) {
  const section = sectionOrNotFound(url.pathname);
  const page = pageOf(url, section.base);
  const [result, seoEntries] = await Promise.all([
    context.api.call(POST_LIST_ENDPOINTS[section.kind], { query: { page, pageLimit: POSTS_PER_PAGE } }),
    context.content.seo(context.city),
  ]);
  if (!result.ok) mainContentError(result.error, url.pathname);
  const { elements, countPages } = result.data;
  // A page past the last names nothing (page 1 of an empty section is the empty list).
  if (page > 1 && page > countPages) notFound(url.pathname);
  const origin = context.originForCity(context.city);
  const seo = resolveSeo(page === 1 ? seoEntries : [], section.base, origin, { title: section.title, description: section.description });
  if (page > 1) {
    seo.title = `${section.title} — страница ${page} | ${SITE_NAME}`;
    seo.canonical = `${origin}${section.base}?page=${page}`;
  }
  const today = moscowToday();
  return {
    section: { kind: section.kind, base: section.base, title: section.title, empty: section.empty },
    page,
    pageCount: countPages,
    posts: elements.map((p) => cardOf(section, p, today)),
    seo,
  };
}

function commentView(comment: Comment): CommentView | null {
  const paragraphs = commentParagraphs(comment.text);
  if (paragraphs.length === 0) return null;
  return {
    id: comment.id,
    author: commentParagraphs(comment.author.name).join(" ").slice(0, 80) || "Читатель",
    date: formatPostDate(comment.createdAt),
    dateAttr: postDateAttr(comment.createdAt),
    paragraphs,
    editable: comment.editable,
    text: comment.editable ? comment.text : null,
  };
}

/** Headings of a body start at h2 under the page's h1: an h1 in the content becomes an h2. */
export async function postBodyHtml(html: string): Promise<string> {
  const clean = await sanitizedHtml(html);
  return clean.replace(/<(\/?)h1(\s[^>]*)?>/gi, "<$1h2$2>");
}

const ID = /^[1-9]\d{0,8}$/;

export async function loadPostItem({ url, params, context }: { url: URL; params: { id?: string }; context: AppLoadContext }) {
  const section = sectionOrNotFound(url.pathname);
  const path = url.pathname;
  if (!params.id || !ID.test(params.id)) notFound(path);
  const id = Number(params.id);
  const input = { params: { id } };
  const detail: Promise<ApiResult<Post | PromotionPost>> =
    section.kind === "news"
      ? context.api.call(endpoints.newsDetail, input)
      : section.kind === "blog"
        ? context.api.call(endpoints.postDetail, input)
        : context.api.call(endpoints.promotionDetail, input);
  // A blog post's comments are part of the page (§7); a failure shows none (§8 lists fail empty).
  const comments = section.kind === "blog" ? context.api.list(endpoints.commentList, input, []) : Promise.resolve([] as Comment[]);
  const [result, commentList, seoEntries] = await Promise.all([detail, comments, context.content.seo(context.city)]);
  if (!result.ok) mainContentError(result.error, path);
  const post: Post | PromotionPost = result.data;
  const body = await postBodyHtml(post.content);
  const origin = context.originForCity(context.city);
  const seo: PageSeo = resolveSeo(seoEntries, path, origin, {
    title: post.seoTitle || post.title,
    description: post.seoDescription || post.preview || plainText(body, 200),
  });
  seo.type = "article";
  if (post.image) seo.image = rasterImage(post.image, origin, COVER_SIZE);
  const products: ProductCardView[] = "products" in post ? (post as PromotionPost).products.filter((g) => g.products.length > 0).map((g) => toCardView(g)) : [];
  const today = moscowToday();
  const card = cardOf(section, post, today);
  const shownComments = commentList.map(commentView).filter((c): c is CommentView => c !== null);
  const crumbs = [
    { title: section.title, href: section.base },
    { title: post.title, href: `${section.base}/${post.id}` },
  ];
  return {
    section: { kind: section.kind, base: section.base, title: section.title },
    post: { ...card, body, previous: post.previous, next: post.next },
    crumbs,
    products,
    comments: section.kind === "blog" ? shownComments : null,
    /** Logged in: the comment form (the page is then personal: never in the page cache, ADR 034). */
    canComment: section.kind === "blog" && context.isAuthenticated,
    /** `?edit=ID`: the comment whose edit form is open (works without JavaScript). */
    editing: section.kind === "blog" && context.isAuthenticated && ID.test(url.searchParams.get("edit") ?? "") ? Number(url.searchParams.get("edit")) : null,
    seo,
    jsonLd: postJsonLd({ origin, section, post, canonical: seo.canonical, image: seo.image?.url ?? null, products, comments: shownComments }),
  };
}
