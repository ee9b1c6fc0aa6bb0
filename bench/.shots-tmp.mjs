import { chromium } from "playwright-core";
const base = "http://localhost:3620";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage"] });
for (const width of [375, 1366]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(base + "/catalog/ruchki");
  await page.locator(".product-card").first().getByRole("button", { name: "В корзину" }).click();
  await page.waitForTimeout(500);
  await page.goto(base + "/cart/ordering");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/ordering-${width}.png`, fullPage: true });
  await page.getByRole("button", { name: "Отправить заказ" }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/ordering-err-${width}.png`, fullPage: false });
  // the user area
  await page.goto(base + "/login");
  await page.getByLabel("E-mail").first().fill("user@demo.ru");
  await page.getByLabel("Пароль").first().fill("demo12345");
  await page.getByRole("button", { name: "Войти", exact: true }).first().click();
  await page.waitForURL(/profile/);
  const r = await page.goto(base + "/profile/orders?page=99");
  console.log("orders page 99", r.status());
  await page.screenshot({ path: `/tmp/shots/user-err-${width}.png`, fullPage: true });
  await page.goto(base + "/profile");
  await page.screenshot({ path: `/tmp/shots/profile-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
