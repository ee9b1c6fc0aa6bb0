/**
 * News, blog and promotions (issue 18) as a shopper meets them: the news list, an item and back;
 * a blog post with its comments; a promotion with its period and products; pages without
 * JavaScript; the §2 404 for junk ids and pages past the last.
 */
import { test, expect, DOCUMENT_STATUS_ERROR, waitForHydration } from "#tests/support/fixtures.ts";
import { SHOP_URL } from "#tests/support/servers.ts";
import { BLOG, NEWS, PROMOTIONS } from "#api/db/seed/posts-data.ts";
import { notFoundMessage } from "#tests/support/pages.ts";

const DATE = /^\d{2}\.\d{2}\.\d{2}$/;
/** The seed's newest news item (the list is newest first). */
const newest = [...NEWS].sort((a, b) => b.date.localeCompare(a.date));

test("news list → an item → back: the browser's back button returns to the list", async ({ page }) => {
  test.setTimeout(40_000);
  await page.goto("/news");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Новости");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SHOP_URL}/news`);
  const cards = page.locator(".post-card");
  await expect(cards).toHaveCount(12);
  // Each card: picture, date dd.mm.yy (§9), title, lead.
  const first = cards.first();
  await expect(first.locator("img")).toHaveAttribute("src", /^\/api\/media\/post\/\d+-[a-z]+\.svg$/);
  await expect(first.locator("time")).toHaveText(DATE);
  await expect(first.getByRole("heading", { level: 2 })).toHaveText(newest[0]!.title);
  await expect(first.locator(".post-card__lead")).toHaveText(newest[0]!.lead);

  const second = newest[1]!;
  await page.getByRole("link", { name: second.title, exact: true }).click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second.title);
  await expect(page.locator(".post-item__meta time")).toHaveText(DATE);
  await expect(page.getByRole("navigation", { name: "Навигационная цепочка" }).getByRole("link", { name: "Новости" })).toHaveAttribute("href", "/news");
  // Its neighbours: the newer item and the older one.
  await expect(page.getByRole("link", { name: new RegExp(newest[0]!.title) })).toHaveAttribute("rel", "next");
  await expect(page.getByRole("link", { name: new RegExp(newest[2]!.title) })).toHaveAttribute("rel", "prev");

  await page.goBack();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Новости");
  await expect(cards).toHaveCount(12);
});

test("a blog post shows its body and its comments, oldest first", async ({ page }) => {
  const post = BLOG.find((b) => (b.comments?.length ?? 0) >= 4)!;
  await page.goto("/blog");
  await page.getByRole("link", { name: post.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  // The body's own structure survives sanitising (§5): headings, lists, a table.
  await expect(page.locator(".html-content h2").first()).toBeVisible();
  await expect(page.locator(".html-content table")).toBeVisible();
  const comments = page.getByTestId("post-comments");
  await expect(comments.getByRole("heading", { level: 2 })).toHaveText(`Комментарии (${post.comments!.length})`);
  const items = comments.locator(".post-comment");
  await expect(items).toHaveCount(post.comments!.length);
  await expect(items.first().locator(".post-comment__author")).toHaveText(post.comments![0]![0]);
  await expect(items.first().locator(".post-comment__text")).toHaveText(post.comments![0]![1]);
  await expect(items.first().locator("time")).toHaveText(DATE);
  await expect(comments).not.toContainText("войд");
  await waitForHydration(page);
});

test("a blog post without comments says so", async ({ page }) => {
  // The newest post without comments is on the first page (12 newest posts).
  const byDate = [...BLOG].sort((a, b) => b.date.localeCompare(a.date));
  const post = byDate.find((b) => (b.comments?.length ?? 0) === 0)!;
  expect(byDate.indexOf(post)).toBeLessThan(12);
  await page.goto("/blog");
  await page.getByRole("link", { name: post.title, exact: true }).click();
  await expect(page.getByTestId("post-comments")).toContainText("Комментарии (0)");
  await expect(page.getByTestId("post-comments")).toContainText("Комментариев пока нет.");
});

test("a promotion shows its period and the products it applies to", async ({ page }) => {
  // Three pages and a product page, rendered on a busy machine.
  test.setTimeout(40_000);
  const current = PROMOTIONS[0]!;
  await page.goto("/actions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Акции");
  const card = page.locator(".post-card", { hasText: current.title });
  await expect(card.locator(".post-period")).toContainText("Идёт");
  await card.getByRole("link", { name: current.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(current.title);
  const [from, to] = current.period!.map((d) => d.slice(8, 10) + "." + d.slice(5, 7) + "." + d.slice(2, 4));
  await expect(page.getByTestId("promotion-period")).toContainText(`с ${from} по ${to}`);
  const products = page.getByTestId("promotion-products");
  await expect(products.getByRole("heading", { level: 2 })).toHaveText("Товары по акции");
  const productLinks = products.locator('a[href^="/catalog/goods/"]');
  expect(await productLinks.count()).toBeGreaterThan(0);
  const href = await productLinks.first().getAttribute("href");
  await productLinks.first().click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, "\\?")}$`));
});

test("a promotion that ended is marked so in the list", async ({ page }) => {
  await page.goto("/actions");
  const past = PROMOTIONS.at(-1)!;
  await expect(page.locator(".post-card", { hasText: past.title }).locator(".post-period")).toContainText("Завершена");
});

test("the header and the footer lead to the three sections", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("header").getByRole("link", { name: "Акции", exact: true })).toHaveAttribute("href", "/actions");
  const footer = page.locator("footer");
  for (const [name, href] of [["Акции", "/actions"], ["Новости", "/news"], ["Блог", "/blog"]]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the news pages page through with plain links; page 1 is the list's own path", async ({ page }) => {
    await page.goto("/news");
    const pages = page.getByRole("navigation", { name: "Страницы" });
    await pages.getByRole("link", { name: "Страница 2" }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Новости — страница 2");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SHOP_URL}/news?page=2`);
    await expect(page.locator(".post-card").first().getByRole("heading", { level: 2 })).toHaveText(newest[12]!.title);
    await pages.getByRole("link", { name: "‹ Назад" }).click();
    await expect(page).toHaveURL(/\/news$/);
    // ?page=1 is not a second address of the first page.
    const response = await page.goto("/news?page=1");
    expect(response?.url()).toBe(`${SHOP_URL}/news`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${SHOP_URL}/news?page=1`);
  });

  test("a blog post's comments are in the HTML", async ({ page }) => {
    const post = BLOG.find((b) => (b.comments?.length ?? 0) >= 3)!;
    await page.goto("/blog");
    await page.getByRole("link", { name: post.title, exact: true }).click();
    await expect(page.getByTestId("post-comments").locator(".post-comment")).toHaveCount(post.comments!.length);
  });
});

test.describe("names that are no page", () => {
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(404)] });

  for (const path of ["/news?page=3", "/news?page=999999", "/news?page=abc", "/news?page=0", "/blog/abc", "/blog/0", "/actions/99999999999", "/news/999999", "/blog/1%27", "/actions/1/extra"]) {
    test(`${path} answers the §2 404`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain(notFoundMessage(path.split("?")[0]!));
    });
  }

  test("a news id opened as a blog post is a 404", async ({ page, request }) => {
    await page.goto("/news");
    const href = (await page.locator(".post-card__title a").first().getAttribute("href"))!;
    const response = await request.get(href.replace("/news/", "/blog/"));
    expect(response.status()).toBe(404);
  });
});
