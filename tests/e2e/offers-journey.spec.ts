/**
 * Issue 27 end to end, as the acceptance walks it: manager@demo.ru builds a new offer in the
 * editor (a demo client and its representative, two products from the search, a print line, a
 * discount, an internal note), downloads its PDF (pdftotext: number, client, every article, the
 * total, "НДС") and Excel file (exceljs: the total equals the page's), sends it; the letter's link
 * opens in a fresh browser without a login, shows nothing internal, and the client accepts; the
 * manager's page then says accepted, which version, and when the link was opened.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { E2E_DATA_DIR } from "#tests/support/servers.ts";
import { saveLoggedInState } from "../support/demo-login.ts";

const STATE = path.join(E2E_DATA_DIR, "offers-journey-states", "manager.json");
const NOTE = "Внутренняя заметка: закупка у поставщика со скидкой 12 %";

/** "1 234,50 ₽" → 1234.5 */
const rubles = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

test.beforeAll(async ({ browser }) => {
  await saveLoggedInState(browser, "manager@demo.ru", STATE);
});

test.use({ storageState: STATE, acceptDownloads: true });

test("a manager builds an offer, downloads PDF and Excel, sends it; the client opens the link logged out and accepts", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const title = `Новогодние наборы для «Невский фарм» ${Date.now()}`;

  // The editor: a title creates the offer; the client, its representative, two products, a print line, a discount, a note.
  await page.goto("/cp/edit/new");
  await waitForHydration(page);
  await page.getByLabel("Название предложения").fill(title);
  await page.waitForURL(/\/cp\/edit\/\d+$/, { timeout: 15_000 });
  const id = page.url().match(/(\d+)$/)![1]!;
  await waitForHydration(page);
  const client = page.getByLabel("Клиент", { exact: true });
  const nevsky = (await client.locator("option").allTextContents()).find((o) => o.includes("Невский фарм"))!;
  await client.selectOption({ label: nevsky });
  const representative = page.getByLabel("Представитель", { exact: true });
  await expect.poll(() => representative.locator("option").count()).toBeGreaterThan(1);
  await representative.selectOption({ index: 1 });
  for (const text of ["кружка", "ежедневник"]) {
    await page.getByLabel("Найти товар: название или артикул").fill(text);
    await page.getByRole("button", { name: "Найти товары" }).click();
    const hits = page.getByTestId("search-hits");
    await expect(hits).toContainText(new RegExp(text.slice(0, 5), "i"));
    await expect(hits).not.toHaveAttribute("aria-busy", "true");
    await hits.getByRole("button", { name: /^Добавить/ }).first().click();
  }
  const lines = page.getByTestId("editor-line");
  await expect(lines).toHaveCount(2);
  await lines.nth(0).getByLabel("Количество, шт.").fill("150");
  await lines.nth(1).getByLabel("Количество, шт.").fill("80");
  await lines.nth(1).getByLabel("Скидка (−наценка), %").fill("5");
  await lines.nth(0).getByRole("button", { name: "+ Нанесение" }).click();
  await lines.nth(0).getByLabel("Вид нанесения").selectOption({ index: 1 });
  const variant = lines.nth(0).getByLabel("Вариант");
  if (await variant.count()) await variant.selectOption({ index: 1 });
  await lines.nth(0).getByLabel("Ширина, мм").fill("50");
  await lines.nth(0).getByLabel("Высота, мм").fill("30");
  await expect(lines.nth(0).getByTestId("print-price")).toContainText("₽", { timeout: 10_000 });
  await page.getByLabel("Комментарий к предложению").fill(NOTE);
  await expect(page.getByTestId("save-status")).toHaveText("Сохранено", { timeout: 15_000 });
  const skus = (await lines.locator(".offer-editor__sku").allTextContents()).filter((s) => s.startsWith("арт.")).map((s) => s.replace(/^арт\.\s*/, "").trim());

  // The offer's page: its number, total, and the two files through the storefront.
  await page.goto(`/cp/${id}`);
  await waitForHydration(page);
  const number = (await page.locator(".offer__number").textContent())!.match(/КП № (\S+)/)![1]!;
  const total = rubles((await page.getByTestId("offer-total").textContent())!);
  const pageSkus = await page.getByTestId("offer-line").locator('td[data-label="Артикул"]').allTextContents();
  expect(pageSkus).toHaveLength(2);
  for (const sku of skus) expect(pageSkus).toContain(sku);

  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Скачать PDF" }).click();
  const pdfFile = testInfo.outputPath("offer.pdf");
  await (await pdfDownload).saveAs(pdfFile);
  const text = plain(execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", pdfFile, "-"], { encoding: "utf8" }));
  expect(text).toContain(`КП № ${number}`);
  expect(text).toContain("АО «Невский фарм»");
  for (const sku of pageSkus) expect(text).toContain(sku);
  expect(text).toContain("НДС");
  expect(text).toContain(plain(total.toLocaleString("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  expect(text).not.toContain(NOTE);

  const xlsxDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Скачать Excel" }).click();
  const xlsxFile = testInfo.outputPath("offer.xlsx");
  await (await xlsxDownload).saveAs(xlsxFile);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(xlsxFile) as unknown as ArrayBuffer);
  const results: number[] = [];
  book.worksheets[0]!.eachRow((row) =>
    row.eachCell((cell) => {
      const v = cell.value;
      if (v && typeof v === "object" && "formula" in v && typeof v.result === "number") results.push(v.result);
    }),
  );
  expect(results.some((r) => Math.abs(r - total) < 0.005), `a formula's result equals the total ${total}`).toBe(true);

  // «Отправить клиенту»: a version is frozen and the client's link shows.
  await page.getByRole("button", { name: "Отправить клиенту" }).click();
  const link = page.getByTestId("offer-public-link").getByRole("link");
  await expect(link).toBeVisible({ timeout: 15_000 });
  const publicPath = (await link.getAttribute("href"))!;
  expect(publicPath).toMatch(/^\/kp\/[A-Za-z0-9_-]{22,64}$/);
  expect(publicPath).not.toContain(number);

  // A fresh browser, no login: the offer as the PDF states it, nothing internal; the client accepts.
  const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 800 } });
  const client375 = await stranger.newPage();
  const response = await client375.goto(publicPath);
  expect(response!.headers()["cache-control"]).toContain("no-store");
  await waitForHydration(client375);
  const body = (await client375.locator("main").textContent())!;
  expect(body).toContain(`№ ${number}`);
  expect(body).not.toContain(NOTE);
  expect(rubles((await client375.getByTestId("offer-total").first().textContent())!)).toBeCloseTo(total, 2);
  await client375.getByLabel("Ваше имя").fill("Елена Гаврилова");
  await client375.getByLabel("E-mail").fill("gavrilova@nevfarm.ru");
  await client375.getByRole("button", { name: "Принять предложение" }).click();
  await expect(client375.getByTestId("public-offer-accepted")).toContainText("Предложение принято (версия v1)");
  await stranger.close();

  // The manager sees it: accepted, the version, when the link was opened.
  await page.reload();
  await expect(page.locator(".offer-status").first()).toContainText("Принято, v1");
  await expect(page.getByTestId("offer-version-accepted")).toContainText("принято (Елена Гаврилова)");
  await expect(page.getByTestId("offer-opened")).toContainText("впервые");
});
