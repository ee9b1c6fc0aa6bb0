/** axe-core on the full shell: no serious or critical violations. */
import AxeBuilder from "@axe-core/playwright";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";

for (const path of ["/about", "/contacts", "/news", "/blog/25", "/actions/43", "/subscribe"]) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    // axe walks the whole shell; a page with product cards takes it close to 20 s on a busy 2-core machine.
    test.setTimeout(40_000);
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  });
}
