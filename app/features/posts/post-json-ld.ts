/**
 * JSON-LD of a post page (issue 18): NewsArticle for news, BlogPosting (with its comments) for the
 * blog, and an Offer for a promotion. The BreadcrumbList comes from app/lib/json-ld.tsx.
 */
import type { Post, PromotionPost } from "#contract/index.ts";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import type { PostSection } from "./post-kinds.ts";

interface CommentLd {
  author: string;
  dateAttr: string;
  paragraphs: string[];
}

export interface PostJsonLdInput {
  origin: string;
  section: PostSection;
  post: Post | PromotionPost;
  canonical: string;
  /** The cover's raster twin, absolute. */
  image: string | null;
  products: readonly ProductCardView[];
  comments: readonly CommentLd[];
}

function organization(origin: string) {
  // A raster logo: search engines take no SVG for a publisher's logo.
  return { "@type": "Organization", name: SITE_NAME, url: `${origin}/`, logo: { "@type": "ImageObject", url: `${origin}/apple-touch-icon.png`, width: 180, height: 180 } };
}

/** A promotion's last day ends at midnight Moscow time. */
const endOfDay = (day: string) => `${day}T23:59:59+03:00`;
const startOfDay = (day: string) => `${day}T00:00:00+03:00`;

export function postJsonLd({ origin, section, post, canonical, image, products, comments }: PostJsonLdInput): object {
  const publisher = organization(origin);
  if (section.kind === "promotion") {
    // An Offer, not an Event: schema.org and Google's Event guidelines reserve Event for something
    // that happens at a time and place (a sale or a discount marked up as an Event is named there as
    // misuse), while an Offer says what is offered, by whom and from when to when (validFrom /
    // validThrough), and itemOffered names the products the promotion applies to.
    return {
      "@context": "https://schema.org",
      "@type": "Offer",
      name: post.title,
      description: post.preview,
      url: canonical,
      ...(image ? { image } : {}),
      ...(post.activeFrom ? { validFrom: startOfDay(post.activeFrom) } : {}),
      ...(post.activeTo ? { validThrough: endOfDay(post.activeTo) } : {}),
      priceCurrency: "RUB",
      offeredBy: publisher,
      ...(products.length > 0
        ? {
            itemOffered: products.map((p) => ({
              "@type": "Product",
              name: p.title,
              url: origin + p.href,
              image: p.image.startsWith("http") ? p.image : origin + p.image,
            })),
          }
        : {}),
    };
  }
  const article = {
    "@context": "https://schema.org",
    "@type": section.kind === "news" ? "NewsArticle" : "BlogPosting",
    headline: post.title.slice(0, 110),
    description: post.preview,
    ...(image ? { image: [image] } : {}),
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: publisher,
    publisher,
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
    inLanguage: "ru",
  };
  if (section.kind !== "blog") return article;
  return {
    ...article,
    commentCount: comments.length,
    ...(comments.length > 0
      ? {
          comment: comments.map((c) => ({
            "@type": "Comment",
            author: { "@type": "Person", name: c.author },
            datePublished: c.dateAttr,
            text: c.paragraphs.join("\n\n"),
          })),
        }
      : {}),
  };
}
