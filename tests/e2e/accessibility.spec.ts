/**
 * axe-core on the full shell: no serious or critical violations. One page of each kind the pages
 * sitemap lists (what the routes declare in their handles, ADR 048: a new public page is checked
 * with no list to edit here), and pages outside the sitemap with content of their own.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { publicPages } from "#tests/support/public-pages.ts";

/** Pages with content no sitemap page has: posts, a promotion with products, the subscription form. */
const MORE = ["/news", "/blog/25", "/actions/43", "/subscribe"];

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  expect(serious, `${path}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

test("one page of each kind in the pages sitemap has no serious or critical accessibility violations", async ({ page, request }) => {
  const byRoute = new Map<string, string>();
  for (const p of await publicPages(request)) if (!byRoute.has(p.file)) byRoute.set(p.file, p.path);
  expect(byRoute.size).toBeGreaterThan(5);
  // axe walks the whole shell; a page with product cards takes it close to 20 s on a busy 2-core machine.
  test.setTimeout(40_000 * byRoute.size);
  for (const path of byRoute.values()) await test.step(path, () => expectNoSeriousViolations(page, path));
});

for (const path of MORE) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    test.setTimeout(40_000);
    await expectNoSeriousViolations(page, path);
  });
}
