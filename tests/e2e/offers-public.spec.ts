/**
 * Issue 27, the client's page of an offer (/kp/{publicId}, ADR 054), as the client meets it: a
 * fresh browser without a login opens the letter's link, reads the offer (number, version, dates,
 * seller, lines, totals with VAT, the total in words, conditions) and nothing internal, downloads
 * the PDF, and accepts — with JavaScript by e-mail, and on another offer without it by phone; then
 * the manager's page shows who accepted which version and when the link was opened. A second tab
 * is told «Предложение уже принято»; a version sent while the page was open, «Предложение
 * обновилось…» beside it. A closed offer says it no longer holds, with the manager's contacts. axe,
 * and screenshots at 1366 and 375 px.
 *
 * The offers accepted here are fresh copies of a demo offer, sent by the demo manager through the
 * API and deleted afterwards: the specs share one database, and others rely on the demo offers.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type { Kp } from "#contract/kp.ts";
import { test, expect, waitForHydration, DOCUMENT_STATUS_ERROR } from "#tests/support/fixtures.ts";
import { loggedInContext } from "../support/demo-login.ts";
import { DEMO_MANAGER, demoPublicIds, freshSentOffer, managerToken, removeOffer } from "../support/demo-offers.ts";

// One after another, each on its own offer: a failure does not skip the rest.
test.describe.configure({ mode: "default" });

interface Fresh {
  id: number;
  publicId: string;
  number: string;
  title: string;
  offer: Kp;
}
let token = "";
const fresh: Fresh[] = [];
/** Offers a test made for itself, deleted with the others. */
const extra: number[] = [];

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page at 1366 and 375 px, attached to the report; nothing wider than the screen. */
async function screens(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
  }
}

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
/** "1 234,50 ₽" → 1234.5 */
const rubles = (text: string | null) => Number((text ?? "").replace(/[^\d,]/g, "").replace(",", "."));

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  token = await managerToken(request);
  for (let i = 0; i < 2; i++) {
    const sent = await freshSentOffer(request, token);
    const read = await request.get(`/api/kp/read/${sent.id}`, { headers: { Authorization: `Bearer ${token}` } });
    fresh.push({ ...sent, offer: ((await read.json()) as { data: Kp }).data });
  }
});

test.afterAll(async ({ request }) => {
  for (const id of [...fresh.map((f) => f.id), ...extra]) await removeOffer(request, token, id);
});

test("a client without a login reads the offer, nothing internal, and downloads its PDF", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const { publicId, number, offer } = fresh[0]!;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, acceptDownloads: true });
  const page = await context.newPage();
  const response = await page.goto(`/kp/${publicId}`);
  expect(response!.status()).toBe(200);
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  expect(response!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('[data-layout="simple"]')).toBeVisible();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(offer.title);
  await expect(page.getByTestId("public-offer-number")).toHaveText(new RegExp(`^Коммерческое предложение № ${number} v1 от \\d{2}\\.\\d{2}\\.\\d{4}$`));
  await expect(page.getByTestId("public-offer-valid")).toHaveText(/^Действительно до \d{2}\.\d{2}\.\d{4} включительно$/);
  const parties = plain(await page.getByTestId("public-offer-parties").textContent());
  expect(parties).toContain(offer.seller!.title.split(" ").at(-1)!.replace(/[«»"]/g, ""));
  expect(parties).toContain(`ИНН ${offer.seller!.inn}`);
  if (offer.client) expect(parties).toContain(offer.client.title);
  if (offer.representative) expect(parties).toContain(offer.representative.name);
  expect(parties).toContain(offer.manager.name);
  const skus = await page.getByTestId("public-offer-line").locator('td[data-label="Артикул"]').allTextContents();
  expect(skus.map((s) => s.trim())).toEqual(offer.items.map((i) => i.sku));
  expect(rubles(await page.getByTestId("offer-total").textContent())).toBe(offer.totalPrice);
  await expect(page.getByTestId("offer-totals")).toContainText(/НДС/);
  await expect(page.getByTestId("public-offer-words")).toContainText(/^Всего к оплате: .+ рубл(ь|я|ей) \d{2} копе/);
  await expect(page.getByTestId("public-offer-delay")).toContainText(/^Отсрочка платежа: /);
  // Nothing internal: the manager's note, list prices and discounts, other offers, the editor.
  const html = await page.content();
  if (offer.comment) expect(html).not.toContain(offer.comment);
  for (const internal of ["listPrice", "discountPercent", "manualPrice", "/cp/edit", "Редактировать", "Отправить клиенту"]) expect(html).not.toContain(internal);
  await axe(page);

  // The PDF through the storefront: a PDF file with the Russian name, never cached.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Скачать PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^КП ${number}( \\(версия 1\\))?\\.pdf$`));
  const pdf = await page.request.get(`/kp/${publicId}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["cache-control"]).toBe("private, no-store");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await screens(page, testInfo, "public-offer");
  await context.close();
});

test.describe("with JavaScript", () => {
  // The second tab's refused acceptance is a 400 answer to React Router's fetch, which Chromium logs.
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(400)] });

  test("accepts with JavaScript by e-mail: the form goes, the page says who accepted; another tab is told; the manager sees it", async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const { id, publicId } = fresh[0]!;
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(`/kp/${publicId}`);
    await waitForHydration(page);
    // A second tab opened before the first accepts.
    const other = await context.newPage();
    await other.goto(`/kp/${publicId}`);
    await waitForHydration(other);
    const form = page.getByTestId("public-offer-accept-form");
    // The browser's check first: no contact, no request.
    await form.getByLabel("Ваше имя").fill("Игорь Волков");
    await form.getByRole("button", { name: "Принять предложение" }).click();
    await expect(form.getByText("Укажите e-mail или телефон")).toBeVisible();
    await form.getByLabel("E-mail").fill("i.volkov@example.ru");
    await form.getByRole("button", { name: "Принять предложение" }).click();
    await expect(page.getByTestId("public-offer-accepted")).toHaveText(/^Предложение принято \(версия v1\) \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}, Игорь Волков\. /);
    await expect(page.getByTestId("public-offer-accept-form")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/kp/${publicId}#accepted$`));
    await screens(page, testInfo, "public-offer-accepted");

    // The other tab still shows the form; its submit is refused with the API's words, and the page
    // (reloaded after the refusal) says who accepted, without the form.
    const late = other.getByTestId("public-offer-accept-form");
    await late.getByLabel("Ваше имя").fill("Пётр");
    await late.getByLabel("E-mail").fill("p@example.ru");
    await late.getByRole("button", { name: "Принять предложение" }).click();
    await expect(other.getByTestId("public-offer-refusal")).toHaveText("Предложение уже принято");
    await expect(other.getByTestId("public-offer-accepted")).toContainText("Игорь Волков");
    await expect(other.getByTestId("public-offer-accept-form")).toHaveCount(0);
    await context.close();

    const manager = await loggedInContext(browser, DEMO_MANAGER);
    const own = await manager.newPage();
    await own.goto(`/cp/${id}`);
    await expect(own.getByTestId("offer-version-accepted")).toContainText("принято (Игорь Волков)");
    await expect(own.locator(".offer-status").first()).toContainText("Принято, v1");
    await expect(own.getByTestId("offer-opened")).toHaveText(/^Клиент открывал ссылку \d+ раза?: впервые \d{2}\.\d{2}\.\d{2} в \d{2}:\d{2}, последний раз \d{2}\.\d{2}\.\d{2} в \d{2}:\d{2}\.$/);
    await expect(own.getByTestId("offer-public-link").getByRole("link")).toHaveAttribute("href", `/kp/${publicId}`);
    await expect(own.getByTestId("offer-public-link").getByRole("link")).toHaveText(new RegExp(`^https?://[^/]+/kp/${publicId}$`));
    await manager.close();
  });
});

test("accepts without JavaScript by phone, after Russian errors under the fields", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const { publicId } = fresh[1]!;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/kp/${publicId}`);
  const form = page.getByTestId("public-offer-accept-form");
  await form.getByLabel("Ваше имя").fill("<script>alert(1)</script>");
  await form.getByLabel("Телефон").fill("12");
  await form.getByRole("button", { name: "Принять предложение" }).click();
  await expect(page.getByTestId("error-accept-phone-error")).toHaveText("Неверный формат телефона");
  // The answer opens at the form, so the error is on the screen, not below a long page.
  await expect(page.getByTestId("error-accept-phone-error")).toBeInViewport();
  await expect(form.getByLabel("Ваше имя")).toHaveValue("<script>alert(1)</script>");
  await screens(page, testInfo, "public-offer-errors-nojs");

  await page.getByTestId("public-offer-accept-form").getByLabel("Ваше имя").fill("Пётр Сидоров");
  await page.getByTestId("public-offer-accept-form").getByLabel("Телефон").fill("+7 921 555-12-34");
  await page.getByTestId("public-offer-accept-form").getByRole("button", { name: "Принять предложение" }).click();
  await expect(page.getByTestId("public-offer-accepted")).toContainText("Пётр Сидоров");
  await expect(page.getByTestId("public-offer-accept-form")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/kp/${publicId}#accepted$`));
  await screens(page, testInfo, "public-offer-accepted-nojs");
  await context.close();
});

test("a newer version sent while the client reads: «Предложение обновилось…» beside the new version, then accepted", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const sent = await freshSentOffer(request, token);
  extra.push(sent.id);
  const headers = { Authorization: `Bearer ${token}` };
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/kp/${sent.publicId}`);
  await expect(page.getByTestId("public-offer-number")).toContainText(" v1 ");

  // Meanwhile the manager changes the quantities and sends again: v2.
  const o = ((await (await request.get(`/api/kp/read/${sent.id}`, { headers })).json()) as { data: Kp }).data;
  const body = {
    title: o.title,
    clientId: o.client?.id ?? null,
    representativeId: o.representative?.id ?? null,
    purposeId: o.purpose?.id ?? null,
    delayId: o.delay?.id ?? null,
    sellerCompanyId: o.seller?.id ?? null,
    validUntil: o.validUntil,
    vatRate: o.vatRate,
    vatIncluded: o.vatIncluded,
    comment: o.comment,
    isHidden: o.isHidden,
    version: o.version,
    items: o.items.map((i) => ({
      productId: i.productId,
      count: i.count + 10,
      price: i.manualPrice,
      discountPercent: i.discountPercent,
      coatings: i.coatings.map(({ id, coating, width, height, variant, options }) => ({ id, coating, width, height, variant, options })),
      comment: i.comment,
    })),
  };
  expect((await request.post(`/api/kp/update/${sent.id}`, { headers, data: body })).status()).toBe(200);
  expect((await request.post(`/api/kp/send/${sent.id}`, { headers })).status()).toBe(200);

  const form = page.getByTestId("public-offer-accept-form");
  await form.getByLabel("Ваше имя").fill("Ольга Петрова");
  await form.getByLabel("E-mail").fill("o.petrova@example.ru");
  await form.getByRole("button", { name: "Принять предложение" }).click();
  await expect(page.getByTestId("public-offer-refusal")).toHaveText("Предложение обновилось — посмотрите новую версию");
  await expect(page.getByTestId("public-offer-number")).toContainText(" v2 ");
  // What was typed is kept: one more click accepts the version now shown.
  await expect(page.getByTestId("public-offer-accept-form").getByLabel("Ваше имя")).toHaveValue("Ольга Петрова");
  await page.getByTestId("public-offer-accept-form").getByRole("button", { name: "Принять предложение" }).click();
  await expect(page.getByTestId("public-offer-accepted")).toContainText("(версия v2)");
  await context.close();
});

test.describe("refusals", () => {
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(404)] });

  test("a closed offer says it no longer holds, with the manager's contacts; no document, no form, its PDF is a 404", async ({ browser, request }, testInfo) => {
    const { closed } = await demoPublicIds(request);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    expect((await page.goto(`/kp/${closed}`))!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "Предложение больше не действует" })).toBeVisible();
    await expect(page.getByTestId("public-offer-manager")).toContainText(/Ваш менеджер: \S+/);
    await expect(page.getByTestId("public-offer-lines")).toHaveCount(0);
    await expect(page.getByTestId("public-offer-accept-form")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Скачать PDF" })).toHaveCount(0);
    expect((await page.request.get(`/kp/${closed}/pdf`)).status()).toBe(404);
    await axe(page);
    await screens(page, testInfo, "public-offer-closed");
    await context.close();
  });

  test("an id that names no offer is the 404 page, and so is its PDF", async ({ page }) => {
    for (const id of ["nope", "UnknownUnknownUnknown9", "%3Cscript%3E"]) {
      const response = await page.goto(`/kp/${id}`);
      expect(response!.status(), id).toBe(404);
      await expect(page.locator("h1")).toHaveText("Похоже, что такой страницы не существует.");
      expect((await page.request.get(`/kp/${id}/pdf`)).status(), `${id}/pdf`).toBe(404);
    }
  });
});
