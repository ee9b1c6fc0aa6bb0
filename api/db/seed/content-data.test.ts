/**
 * The demo texts are valid documents once on a page (issue 25): the page's own h1 is the title, so
 * a text's headings start at h2 and never skip a level (the Nu checker refused /faq's h3 right
 * after the h1), and no quotes nest «…«…»…».
 */
import { describe, expect, it } from "vitest";
import { STATIC_PAGES } from "./content-data";
import { BLOG, NEWS, PROMOTIONS } from "./posts-data";

const TEXTS: [string, string][] = [
  ...STATIC_PAGES.map((p): [string, string] => [`/${p.slug}`, p.content]),
  ...[...NEWS, ...BLOG, ...PROMOTIONS].map((p): [string, string] => [p.title, p.body]),
];

/** The heading levels that skip one: h1 (the page's) → h3, h2 → h4, … */
function skipped(html: string): string[] {
  const out: string[] = [];
  let previous = 1;
  for (const match of html.matchAll(/<h([1-6])\b/g)) {
    const level = Number(match[1]);
    if (level > previous + 1) out.push(`h${previous} → h${level}`);
    previous = level;
  }
  return out;
}

describe("demo texts", () => {
  it.each(TEXTS)("%s: headings start at h2 and never skip a level", (_name, html) => {
    expect(html).not.toMatch(/<h1\b/);
    expect(skipped(html)).toEqual([]);
  });

  it.each(TEXTS)("%s: quotes never nest", (_name, html) => {
    expect(html.replace(/<[^>]+>/g, "")).not.toMatch(/«[^»]*«/);
  });

  it("the user agreement is the agreement; the consent to personal data is its own section", () => {
    const agreement = STATIC_PAGES.find((p) => p.slug === "agreement")!;
    expect(agreement.title).toBe("Пользовательское соглашение");
    const privacy = STATIC_PAGES.find((p) => p.slug === "privacy")!;
    expect(privacy.content).toContain('<h2 id="consent">Согласие на обработку персональных данных</h2>');
  });
});
