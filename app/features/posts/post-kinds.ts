/**
 * The three post sections of §2 and their §7 calls: /news (blog/news), /blog (blog/post) and
 * /actions (promotion/post). One list module and one detail module serve all three.
 */
import { endpoints, type PostKind } from "#contract/index.ts";

export interface PostSection {
  kind: PostKind;
  /** The list's path; an item is `${base}/${id}`. */
  base: "/news" | "/blog" | "/actions";
  /** h1 and breadcrumb of the list. */
  title: string;
  /** Fallback meta description of the list (the SEO entry of the path wins, app/lib/seo.ts). */
  description: string;
  /** The list page's empty state. */
  empty: string;
}

export const POST_SECTIONS: Record<PostKind, PostSection> = {
  news: {
    kind: "news",
    base: "/news",
    title: "Новости",
    description: "Новости ТМГ: новые товары и виды нанесения, график работы, выставки и изменения в сервисе.",
    empty: "Новостей пока нет.",
  },
  blog: {
    kind: "blog",
    base: "/blog",
    title: "Блог",
    description: "Статьи о корпоративных подарках: как выбрать подарок, виды нанесения логотипа, кейсы и советы по бюджету.",
    empty: "Статей пока нет.",
  },
  promotion: {
    kind: "promotion",
    base: "/actions",
    title: "Акции",
    description: "Акции и специальные предложения ТМГ на сувениры и промо-продукцию с нанесением логотипа.",
    empty: "Сейчас акций нет.",
  },
};

export const POST_LIST_ENDPOINTS = {
  news: endpoints.newsList,
  blog: endpoints.postList,
  promotion: endpoints.promotionList,
} as const;

/** The section of a path: its first segment ("/news/12" → news); null for any other path. */
export function sectionOfPath(pathname: string): PostSection | null {
  const first = `/${pathname.split("/")[1] ?? ""}`;
  return Object.values(POST_SECTIONS).find((s) => s.base === first) ?? null;
}

/** Posts per list page (§7 pageLimit): four rows of three cards. */
export const POSTS_PER_PAGE = 12;
