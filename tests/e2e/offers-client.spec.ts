/**
 * Issue 27, the client's side of an offer as manager@demo.ru meets it: open an offer, download its
 * PDF (read back with pdftotext: number, client, every article, total, "НДС") and Excel file (read
 * back with exceljs: the total equals the page's), send it to the client (the result line; with
 * and without JavaScript). Downloads come through the storefront (/kp/export/…), never /api.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { E2E_DATA_DIR } from "#tests/support/servers.ts";
import { saveLoggedInState } from "../support/demo-login.ts";

test.describe.configure({ mode: "serial" });

const STATE_DIR = path.join(E2E_DATA_DIR, "offers-client-states");
const MANAGER = "manager@demo.ru";
const stateFile = path.join(STATE_DIR, `${MANAGER}.json`);

async function logIn(browser: Browser): Promise<void> {
  await saveLoggedInState(browser, MANAGER, stateFile);
}

/** "1 234,50 ₽" → 1234.5 */
const rubles = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The first offer on /cp with lines: its address, number, client, articles and total as the page shows them. */
async function openOffer(page: Page) {
  await page.goto("/cp");
  const links = await page.getByTestId("offer-row").locator("a.offer-table__title").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  // Not an offer addressed to user@demo.ru: once sent, the customer may read it (ADR 051), and
  // offers.spec.ts expects the manager's offers to be a 404 for them.
  for (const href of links) {
    await page.goto(href);
    const details = (await page.getByTestId("offer-details").textContent()) ?? "";
    if (!details.includes("user@demo.ru") && (await page.getByRole("button", { name: "Отправить клиенту" }).count())) break;
  }
  await expect(page).toHaveURL(/\/cp\/\d+$/);
  expect(await page.getByTestId("offer-details").textContent()).not.toContain("user@demo.ru");
  const number = (await page.locator(".offer__number").textContent())!.match(/КП № (\S+)/)![1]!;
  const client = (await page.getByTestId("offer-details").locator("div", { hasText: "Клиент" }).locator("dd").first().textContent())!.split(",")[0]!.trim();
  const skus = await page.getByTestId("offer-line").locator('td[data-label="Артикул"]').allTextContents();
  const total = rubles((await page.getByTestId("offer-total").textContent())!);
  return { url: page.url(), number, client, skus, total };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  await logIn(browser);
});

test.describe("manager@demo.ru", () => {
  test.use({ storageState: stateFile, acceptDownloads: true });

  test("downloads an offer's PDF and Excel file, then sends it to the client", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const offer = await openOffer(page);
    expect(offer.skus.length).toBeGreaterThan(0);
    await waitForHydration(page);

    const pdfDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Скачать PDF" }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^КП ${offer.number}( \\(версия \\d+\\))?\\.pdf$`));
    const pdfFile = testInfo.outputPath("offer.pdf");
    await pdf.saveAs(pdfFile);
    const text = plain(execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", pdfFile, "-"], { encoding: "utf8" }));
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(`КП № ${offer.number}`);
    expect(flat).toContain(offer.client);
    for (const sku of offer.skus) expect(flat).toContain(sku.trim());
    expect(flat).toContain(plain(offer.total.toLocaleString("ru-RU", { minimumFractionDigits: 2 })).replace(/\s/g, " "));
    expect(flat).toMatch(/НДС/);

    const xlsxDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Скачать Excel" }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsxFile = testInfo.outputPath("offer.xlsx");
    await xlsx.saveAs(xlsxFile);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(xlsxFile) as never);
    const sheet = workbook.worksheets[0]!;
    let total: number | null = null;
    sheet.eachRow((row) => {
      if (row.getCell("G").value === "Итого к оплате") total = (row.getCell("I").value as { result: number }).result;
    });
    expect(total).toBe(offer.total);

    // Send: the fetcher says it is sending, then the result line.
    await page.getByRole("button", { name: "Отправить клиенту" }).click();
    await expect(page.getByTestId("offer-send-result")).toHaveText(/^Предложение отправлено клиенту: версия v\d+, PDF во вложении, ссылка в письме\.$/, { timeout: 30_000 });
    // The page with its buttons and the result line, at 1366 and 375 px (attached to the report).
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
      const file = testInfo.outputPath(`offer-${width}.png`);
      await page.screenshot({ path: file, fullPage: false });
      await testInfo.attach(`offer-${width}`, { path: file, contentType: "image/png" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    }
  });

  test("the downloads and the send work without JavaScript; a junk export address is the 404", async ({ browser }) => {
    const context = await browser.newContext({ storageState: stateFile, javaScriptEnabled: false });
    const page = await context.newPage();
    const offer = await openOffer(page);
    const file = await page.request.get(`/kp/export/pdf/${offer.url.split("/").pop()}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["cache-control"]).toBe("private, no-store");
    expect(file.headers()["content-disposition"]).toMatch(/filename\*=UTF-8''%D0%9A%D0%9F%20/);
    for (const junk of ["/kp/export/doc/1", "/kp/export/pdf/0", "/kp/export/pdf/999999999"]) expect((await page.request.get(junk)).status(), junk).toBe(404);

    await page.getByRole("button", { name: "Отправить клиенту" }).click();
    await expect(page.getByTestId("offer-send-result")).toHaveText(/^Предложение отправлено клиенту/);
    // The sent versions, newest first, with their dates; the comparison is a GET form.
    const versions = page.getByTestId("offer-version");
    await expect(versions.first()).toContainText(/^v\d+ от \d{2}\.\d{2}\.\d{2} в \d{2}:\d{2}/);
    if ((await versions.count()) > 1) {
      await page.getByRole("button", { name: "Что изменилось" }).click();
      await expect(page).toHaveURL(/\?from=\d+&to=\d+$/);
      await expect(page.getByTestId("offer-diff")).toBeVisible();
    }
    await context.close();
  });
});
