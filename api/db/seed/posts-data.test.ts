/**
 * The demo posts read like a real company's (issue 18): enough of each kind, every text its own
 * (no repeated sentences across posts), bodies with headings, lists, pictures and tables, dates over
 * two years, promotions with a period (some running at POSTS_DATE, some over) and categories that
 * exist in the catalogue, comments on most blog posts.
 */
import { describe, expect, it } from "vitest";
import { PRODUCT_SHAPES } from "../../media/urls";
import { CATEGORY_TREE } from "./catalog-data";
import { BLOG, NEWS, POSTS_DATE, PROMOTIONS, type PostSeed } from "./posts-data";

const ALL: readonly PostSeed[] = [...NEWS, ...BLOG, ...PROMOTIONS];
const sentences = (html: string) =>
  html
    .replace(/<[^>]+>/g, "\n")
    .split(/(?<=[.!?])\s+|\n/)
    .map((s) => s.trim())
    .filter((s) => s.length > 40);

describe("demo posts", () => {
  it("has at least 24 news items, 18 blog posts and 8 promotions, each with its own title and lead", () => {
    expect(NEWS.length).toBeGreaterThanOrEqual(24);
    expect(BLOG.length).toBeGreaterThanOrEqual(18);
    expect(PROMOTIONS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(ALL.map((p) => p.title)).size).toBe(ALL.length);
    expect(new Set(ALL.map((p) => p.lead)).size).toBe(ALL.length);
    for (const post of ALL) {
      expect(post.lead.length, post.title).toBeGreaterThan(40);
      expect(PRODUCT_SHAPES, post.title).toContain(post.cover);
      expect(post.body, post.title).not.toMatch(/lorem|ipsum|TODO|\{\{/i);
    }
  });

  it("repeats no sentence from one post in another (no templated text)", () => {
    const seen = new Map<string, string>();
    for (const post of ALL) {
      for (const sentence of new Set(sentences(post.body))) {
        expect(seen.get(sentence), `"${sentence}" in "${post.title}"`).toBeUndefined();
        seen.set(sentence, post.title);
      }
    }
    expect(seen.size).toBeGreaterThan(150);
  });

  it("bodies use headings, lists, pictures and tables across the seed; every article and promotion has structure", () => {
    const bodies = ALL.map((p) => p.body).join("");
    for (const tag of ["<h2>", "<ul>", "<ol>", "<table>", "<figure>", "<img "]) expect(bodies).toContain(tag);
    expect(ALL.filter((p) => p.body.includes("<table>")).length).toBeGreaterThanOrEqual(15);
    // A short news item may be prose; articles and promotions have headings, lists or tables.
    for (const post of [...BLOG, ...PROMOTIONS]) expect(post.body, post.title).toMatch(/<(ul|ol|table|h2)>/);
    expect(ALL.filter((p) => p.body.includes("<p>")).length).toBe(ALL.length);
  });

  it("dates run over about two years up to POSTS_DATE, with no two posts of a kind on one day", () => {
    const dates = ALL.map((p) => p.date).sort();
    expect(dates.at(-1)).toBe(POSTS_DATE);
    expect(Date.parse(POSTS_DATE) - Date.parse(dates[0]!)).toBeGreaterThan(700 * 86_400_000);
    for (const kind of [NEWS, BLOG, PROMOTIONS]) expect(new Set(kind.map((p) => p.date)).size).toBe(kind.length);
  });

  it("promotions have a period, some running at POSTS_DATE and some over, and real categories", () => {
    const leaves = new Set(CATEGORY_TREE.flatMap((t) => t.children.map((c) => c.slug)));
    let running = 0;
    let over = 0;
    for (const promotion of PROMOTIONS) {
      const [from, to] = promotion.period!;
      expect(from <= to, promotion.title).toBe(true);
      if (from <= POSTS_DATE && to >= POSTS_DATE) running++;
      if (to < POSTS_DATE) over++;
      expect(promotion.categories!.length).toBeGreaterThan(0);
      for (const slug of promotion.categories!) expect(leaves, slug).toContain(slug);
    }
    expect(running).toBeGreaterThanOrEqual(2);
    expect(over).toBeGreaterThanOrEqual(2);
    for (const post of [...NEWS, ...BLOG]) expect(post.period).toBeUndefined();
  });

  it("most blog posts have comments, some have none; each comment comes after its post", () => {
    const withComments = BLOG.filter((b) => (b.comments?.length ?? 0) > 0);
    expect(withComments.length).toBeGreaterThanOrEqual(12);
    expect(BLOG.length - withComments.length).toBeGreaterThanOrEqual(2);
    for (const post of withComments) {
      for (const [author, text, days] of post.comments!) {
        expect(author.length).toBeGreaterThan(1);
        expect(text.length).toBeGreaterThan(15);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(Date.parse(post.date) + days * 86_400_000).toBeLessThanOrEqual(Date.parse(POSTS_DATE));
      }
    }
    expect(NEWS.every((n) => !n.comments) && PROMOTIONS.every((p) => !p.comments)).toBe(true);
  });
});
