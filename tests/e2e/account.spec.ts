/**
 * The account area (issue 19): /profile (name, birthdate, phone confirmed by the code from the
 * server log, addresses), /profile/companies (a broken ИНН under its field, a valid company saved,
 * another user's company is a 404), /profile/orders, /profile/cp (where login lands), the login
 * redirect for anonymous visitors, the forms without JavaScript, and axe on every page.
 * One login per demo account (the auth limits count requests per IP), kept as storage state.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import type { Browser, Page } from "@playwright/test";
import { test, expect, waitForHydration, DOCUMENT_STATUS_ERROR } from "#tests/support/fixtures.ts";
import { logMark, waitForCode } from "#tests/support/server-log.ts";
import { E2E_DATA_DIR } from "#tests/support/servers.ts";

test.describe.configure({ mode: "serial" });

const STATE_DIR = path.join(E2E_DATA_DIR, "account-states");
const stateFile = (email: string) => path.join(STATE_DIR, `${email}.json`);

async function logIn(browser: Browser, email: string): Promise<string> {
  mkdirSync(STATE_DIR, { recursive: true });
  // An empty state of its own: a describe block's `storageState` would otherwise apply here too.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").first().fill(email);
  await page.getByLabel("Пароль").first().fill("demo12345");
  await page.getByRole("button", { name: "Войти", exact: true }).first().click();
  await page.waitForURL(/\/profile\/cp$/, { timeout: 15_000 });
  const file = stateFile(email);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A phone no demo account has, new on each run (phones are unique). */
const NEW_PHONE = `+7921${String(Date.now()).slice(-7)}`;

let createdCompanyId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  await logIn(browser, "user@demo.ru");
});

test("anonymous: /profile goes to the login page and comes back after login", async ({ page }) => {
  await page.goto("/profile/orders?page=1");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Forders%3Fpage%3D1$/);
  for (const p of ["/profile", "/profile/companies", "/profile/cp"]) {
    const response = await page.request.get(p, { maxRedirects: 0 });
    expect(response.status(), p).toBe(302);
    expect(response.headers()["location"]).toBe(`/login?redirectTo=${encodeURIComponent(p)}`);
  }
});

test.describe("logged in as user@demo.ru", () => {
  test.use({ storageState: stateFile("user@demo.ru") });

  test("/profile/cp: the offers, read-only, paged by 10; the navigation marks the page", async ({ page }) => {
    const response = await page.goto("/profile/cp");
    expect(response?.headers()["cache-control"]).toContain("private");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Коммерческие предложения" })).toBeVisible();
    const rows = page.getByTestId("offer-row");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(10);
    await expect(rows.first()).toContainText(/₽/);
    await expect(rows.first()).toContainText(/\d{2}\.\d{2}\.\d{2}/);
    // A customer's own offers, not a manager's "для своих клиентов".
    await expect(page.getByTestId("offers-lead")).toContainText("собраны ваши коммерческие предложения");
    await expect(page.getByTestId("offers-lead")).not.toContainText("клиентов");
    await expect(page.getByRole("navigation", { name: "Личный кабинет" }).getByRole("link", { name: "Коммерческие предложения" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Личный кабинет" }).getByRole("link", { name: "Профиль" })).not.toHaveAttribute("aria-current", "page");
    // Each offer's title opens its page (/cp/{id}, issue 27).
    await expect(rows.locator('a[href^="/cp/"]')).toHaveCount(await rows.count());
    await axe(page);
    const title = (await rows.first().locator('a[href^="/cp/"]').textContent())!;
    await waitForHydration(page);
    await rows.first().getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/cp\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("offer-line").first()).toBeVisible();
  });

  test("/profile: name and birthdate persist; the birthdate shows as dd-mm-yyyy", async ({ page }) => {
    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByLabel("Имя").fill("Ольга Петрова-Смирнова");
    // The date mask (Maskito Kit) puts the dots in: eight digits typed with no delay, every one kept.
    const birthdate = page.getByLabel("Дата рождения");
    await birthdate.fill("");
    await birthdate.pressSequentially("14051988");
    await expect(birthdate).toHaveValue("14.05.1988");
    await page.getByRole("button", { name: "Сохранить" }).first().click();
    await expect(page.getByTestId("profile-message")).toHaveText("Данные сохранены");
    await page.reload();
    await expect(page.getByLabel("Имя")).toHaveValue("Ольга Петрова-Смирнова");
    await expect(page.getByTestId("birthdate-shown")).toHaveText("14-05-1988");
    await expect(birthdate).toHaveValue("14.05.1988");
    await expect(page.getByTestId("verified")).toHaveText("Подтверждён");
    // A month above 12 is never written; an autofilled or pasted date is taken whole.
    await birthdate.fill("");
    await birthdate.pressSequentially("3113");
    await expect(birthdate).not.toHaveValue(/^31\.13/);
    await birthdate.fill("01.02.1990");
    await expect(birthdate).toHaveValue("01.02.1990");
    // A date in the future is refused under its field.
    await birthdate.fill("");
    await birthdate.pressSequentially("01012999");
    await page.getByRole("button", { name: "Сохранить" }).first().click();
    await expect(page.getByTestId("error-profile-birthdate-error")).toHaveText("Дата рождения не может быть в будущем");
    await axe(page);
  });

  test("/profile: a photo is uploaded and shown resized; a file that is not a picture is refused", async ({ page }) => {
    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByLabel(/Изображение PNG, JPEG или WebP/).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("это не картинка") });
    await page.getByRole("button", { name: "Загрузить фото" }).click();
    await expect(page.getByTestId("error-avatar-file-error")).toContainText("только изображение");
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 30, b: 40 } } }).png().toBuffer();
    await page.getByLabel(/Изображение PNG, JPEG или WebP/).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Загрузить фото" }).click();
    await expect(page.getByTestId("avatar-message")).toHaveText("Фото обновлено");
    const avatar = page.getByTestId("avatar-image");
    await expect(avatar).toBeVisible();
    const size = await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(900);
  });

  test("/profile: a new phone is confirmed by the code from the server log", async ({ page }) => {
    await page.goto("/profile");
    await waitForHydration(page);
    const mark = logMark();
    await page.getByLabel("Новый телефон").fill(NEW_PHONE.slice(2));
    await page.getByRole("button", { name: "Получить код" }).click();
    await expect(page.getByText(/Мы отправили код на/)).toBeVisible();
    const code = await waitForCode(NEW_PHONE, mark);
    // A wrong code first: the error is under the field and the code form stays.
    await page.getByLabel("Код из SMS").fill(code === "0000" ? "1111" : "0000");
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByLabel("Код из SMS")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Код из SMS").fill(code);
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByTestId("phone-message")).toHaveText("Телефон подтверждён");
    await expect(page.getByTestId("phone-verified")).toBeVisible();
    const [, a, b, c, d] = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(NEW_PHONE)!;
    await expect(page.locator("#phone-title + .account-card__current")).toContainText(`+7 (${a}) ${b}-${c}-${d}`);
  });

  test("/profile: delivery addresses — add, edit, make default, delete", async ({ page }) => {
    await page.goto("/profile");
    await waitForHydration(page);
    const section = page.locator("#addresses");
    const before = await section.getByTestId("address-card").count();
    await section.getByText("Добавить адрес", { exact: true }).click();
    const add = section.getByRole("form", { name: "Новый адрес" });
    // Invalid postcode first: the error is under the field, the rest is kept.
    await add.getByLabel("Город или населённый пункт").fill("Казань");
    await add.getByLabel("Улица").fill("ул. Баумана");
    await add.getByLabel("Дом, корпус").fill("44");
    await add.getByLabel("Индекс").fill("42000");
    await add.getByLabel("Индекс").evaluate((el) => el.removeAttribute("pattern"));
    await add.getByRole("button", { name: "Добавить" }).click();
    await expect(page.getByTestId("error-address-new-postcode-error")).toHaveText("Индекс: 6 цифр");
    await expect(section.getByRole("form", { name: "Новый адрес" }).getByLabel("Улица")).toHaveValue("ул. Баумана");
    await section.getByRole("form", { name: "Новый адрес" }).getByLabel("Индекс").fill("420111");
    await section.getByRole("form", { name: "Новый адрес" }).getByLabel("Комментарий для курьера").fill("Домофон 12, офис на третьем этаже");
    await section.getByRole("form", { name: "Новый адрес" }).getByRole("button", { name: "Добавить" }).click();
    const card = section.getByTestId("address-card").filter({ hasText: "Баумана" });
    await expect(card).toBeVisible();
    await expect(section.getByTestId("address-card")).toHaveCount(before + 1);

    await card.getByRole("link", { name: /Изменить/ }).click();
    const edit = section.getByRole("form", { name: "Изменение адреса" });
    await edit.getByLabel("Квартира, офис").fill("301");
    await edit.getByRole("button", { name: "Сохранить" }).click();
    await expect(card).toContainText("301");
    await expect(page).toHaveURL(/\/profile#addresses$/);

    if (await card.getByRole("button", { name: "Сделать основным" }).count()) {
      await card.getByRole("button", { name: "Сделать основным" }).click();
      await expect(card).toContainText("основной");
    }
    await card.getByText("Удалить", { exact: true }).click();
    await card.getByRole("button", { name: "Да, удалить" }).click();
    await expect(section.getByTestId("address-card").filter({ hasText: "Баумана" })).toHaveCount(0);
    await expect(section.getByTestId("address-card")).toHaveCount(before);
  });

  test("/profile/companies: a broken ИНН is named under the field; a valid company saves and appears", async ({ page }) => {
    await page.goto("/profile/companies");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Компании" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Мои компании" })).toBeVisible();
    // A customer does not see the shop's own list (§6).
    await expect(page.getByRole("heading", { name: "Компании магазина" })).toHaveCount(0);
    await page.getByText("Добавить компанию", { exact: true }).first().click();
    const form = page.getByRole("form", { name: "Новая компания" });
    await form.getByLabel("Краткое название").fill("ООО «Полярная звезда»");
    await form.getByLabel("ИНН").fill("7707083894");
    await form.getByLabel("КПП (у ИП нет)").fill("773601001");
    await form.getByLabel("Юридический адрес").fill("125009, г. Москва, ул. Тверская, д. 7, офис 12");
    await form.getByRole("button", { name: "Сохранить компанию" }).click();
    await expect(page.getByTestId("error-company-new-inn-error")).toContainText("ИНН");
    await expect(page.getByRole("form", { name: "Новая компания" }).getByLabel("Краткое название")).toHaveValue("ООО «Полярная звезда»");
    await page.getByRole("form", { name: "Новая компания" }).getByLabel("ИНН").fill("7707083893");
    await page.getByRole("form", { name: "Новая компания" }).getByRole("button", { name: "Сохранить компанию" }).click();
    // The name's own quotes become „…“ inside the message's «…» (never «ООО «Полярная звезда»»).
    await expect(page.getByTestId("company-saved")).toContainText("Компания «ООО „Полярная звезда“» сохранена");
    const card = page.getByTestId("company-card").filter({ hasText: "Полярная звезда" });
    await expect(card).toContainText("7707083893");
    createdCompanyId = Number((await card.getAttribute("id"))!.replace("company-", ""));
    expect(createdCompanyId).toBeGreaterThan(0);

    // Edit without choosing a logo keeps the rest; then a hostile edit URL for a junk id is a 404.
    await card.getByRole("link", { name: /Изменить/ }).click();
    const edit = page.getByRole("form", { name: /Изменение: ООО «Полярная звезда»/ });
    await edit.getByLabel("ФИО").fill("Смирнов Андрей Викторович");
    await edit.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByTestId("company-card").filter({ hasText: "Полярная звезда" })).toContainText("Смирнов Андрей Викторович");
    await axe(page);
  });

  test("/profile/companies: a refused submit moves focus to the first invalid field and scrolls it into view", async ({ page }) => {
    await page.goto("/profile/companies");
    await waitForHydration(page);
    await page.getByText("Добавить компанию", { exact: true }).first().click();
    const form = page.getByRole("form", { name: "Новая компания" });
    await form.getByLabel("Краткое название").fill("ООО «Ромашка»");
    await form.getByLabel("ИНН").fill("7707083894");
    // The file field speaks Russian (not the browser's "Choose file / No file chosen").
    await expect(form.getByText("Выберите файл")).toBeVisible();
    await expect(form.getByTestId("company-new-image-name")).toHaveText("Файл не выбран");
    await form.getByLabel(/Логотип или печать/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await expect(form.getByTestId("company-new-image-name")).toHaveText("logo.png");
    // The ИНН is far above the button: the button is scrolled to, the ИНН out of sight.
    const submit = form.getByRole("button", { name: "Сохранить компанию" });
    await submit.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    await expect(form.getByLabel("ИНН")).not.toBeInViewport();
    await submit.click();
    // Checked in the browser (the checksum): focus and the scroll go to the ИНН, its message under it.
    await expect(form.getByLabel("ИНН")).toBeFocused();
    await expect(form.getByLabel("ИНН")).toBeInViewport();
    await expect(page.getByTestId("error-company-new-inn-error")).toContainText("ИНН");
    await expect(form.getByLabel("ИНН")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("ИНН")).toHaveAttribute("aria-describedby", "company-new-inn-error");

    // A right ИНН: the server reads the logo by its bytes and refuses it; focus goes to the logo field.
    await form.getByLabel("ИНН").fill("7707083893");
    await submit.click();
    await expect(page.getByTestId("error-company-new-image-error")).toContainText("только изображение");
    await expect(page.getByRole("form", { name: "Новая компания" }).getByLabel(/Логотип или печать/)).toBeFocused();
    await expect(page.getByRole("form", { name: "Новая компания" }).getByLabel("Краткое название")).toHaveValue("ООО «Ромашка»");
  });

  test("/profile: a refused password change focuses its field, with the shop's message and no browser bubble", async ({ page }) => {
    await page.goto("/profile");
    await waitForHydration(page);
    const repeat = page.getByLabel("Новый пароль ещё раз");
    await page.getByLabel("Новый пароль", { exact: true }).fill("12345678");
    await repeat.fill("12345679");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page.getByTestId("error-password-newPasswordRepeat-error")).toHaveText("Пароли не совпадают");
    await expect(repeat).toBeFocused();
    await expect(repeat).toBeInViewport();
  });

  test.describe("the account area's error page", () => {
    test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(404)] });
    test("an error in the account area shows beside the account menu, styled as on its pages (ADR 048)", async ({ page }) => {
      for (const width of [1366, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const response = await page.goto("/profile/orders?page=99");
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "Похоже, что такой страницы не существует." })).toBeVisible();
        const menu = page.getByRole("navigation", { name: "Личный кабинет" });
        const link = menu.getByRole("link", { name: "Заказы" });
        await expect(link).toBeVisible();
        // The menu's own styles (the layout's stylesheet): links without underlines, as on every account page.
        await expect(link).toHaveCSS("text-decoration-line", "none");
        await expect(page.locator('link[rel="stylesheet"][href*="account"]')).toHaveCount(1);
      }
    });
  });

  test("/profile/orders: the user's orders with status, lines and totals", async ({ page }) => {
    await page.goto("/profile/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Мои заказы" })).toBeVisible();
    const cards = page.getByTestId("order-card");
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(/Заказ № \d+/);
    await expect(cards.first()).toContainText(/от \d{2}\.\d{2}\.\d{2}/);
    await expect(cards.first().getByTestId("order-status")).toHaveText(/^(Новый|В обработке|Ожидает оплаты|В производстве|Отгружен|Выполнен|Отменён)$/);
    await expect(cards.first().getByRole("table")).toContainText("шт.");
    await expect(cards.first().getByTestId("order-total")).toContainText("₽");
    await page.goto("/profile/orders?sort=sum-desc");
    await expect(page.getByLabel("Порядок")).toHaveValue("sum-desc");
    await axe(page);
    const junk = await page.request.get("/profile/orders?page=abc");
    expect(junk.status()).toBe(404);
  });
});

test.describe("another user's company", () => {
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(404)] });

  test("a manager opening the user's company edit URL gets the 404 page", async ({ browser }) => {
    test.skip(!createdCompanyId, "needs the company made above");
    const managerState = await logIn(browser, "manager@demo.ru");
    const context = await browser.newContext({ storageState: managerState });
    const page = await context.newPage();
    const response = await page.goto(`/profile/companies?edit=${createdCompanyId}`);
    expect(response?.status()).toBe(404);
    // Staff see the shop's own list (§6).
    await page.goto("/profile/companies");
    await expect(page.getByRole("heading", { level: 2, name: "Компании магазина" })).toBeVisible();
    await expect(page.getByText("ООО «Полярная звезда»")).toHaveCount(0);
    await page.goto("/profile/cp");
    await expect(page.getByRole("heading", { level: 1, name: "Коммерческие предложения" })).toBeVisible();
    await expect(page.getByTestId("offers-lead")).toContainText("которые вы подготовили для своих клиентов");
    await context.close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, storageState: stateFile("user@demo.ru") });

  test("the profile, address and company forms work as plain HTML forms", async ({ page }) => {
    await page.goto("/profile");
    await page.getByLabel("Имя").fill("Ольга Петрова");
    // No mask without JavaScript: a date written with dashes is read the same.
    await page.getByLabel("Дата рождения").fill("7-3-1991");
    await page.getByRole("button", { name: "Сохранить" }).first().click();
    await expect(page.getByTestId("profile-message")).toHaveText("Данные сохранены");
    await expect(page.getByLabel("Имя")).toHaveValue("Ольга Петрова");
    await expect(page.getByTestId("birthdate-shown")).toHaveText("07-03-1991");
    await expect(page.getByLabel("Дата рождения")).toHaveValue("07.03.1991");

    await page.getByText("Добавить адрес", { exact: true }).click();
    const add = page.getByRole("form", { name: "Новый адрес" });
    await add.getByLabel("Город или населённый пункт").fill("Санкт-Петербург");
    await add.getByLabel("Улица").fill("Невский проспект");
    await add.getByLabel("Дом, корпус").fill("28");
    await add.getByRole("button", { name: "Добавить" }).click();
    await expect(page).toHaveURL(/\/profile#addresses$/);
    const card = page.getByTestId("address-card").filter({ hasText: "Невский" });
    await expect(card).toBeVisible();
    await card.getByText("Удалить", { exact: true }).click();
    await card.getByRole("button", { name: "Да, удалить" }).click();
    await expect(page.getByTestId("address-card").filter({ hasText: "Невский" })).toHaveCount(0);

    await page.goto("/profile/companies");
    await page.getByText("Добавить компанию", { exact: true }).first().click();
    // Nothing typed: no browser bubble (the form is noValidate), the server's Russian messages under the fields.
    await page.getByRole("form", { name: "Новая компания" }).getByRole("button", { name: "Сохранить компанию" }).click();
    await expect(page.getByTestId("error-company-new-shortTitle-error")).toHaveText("Укажите название компании");
    await expect(page.getByTestId("error-company-new-inn-error")).toHaveText("Укажите ИНН");
    const form = page.getByRole("form", { name: "Новая компания" });
    await form.getByLabel("Краткое название").fill("ИП Кузнецова Анна Сергеевна");
    await form.getByLabel("ИНН").fill("500100732250");
    await form.getByRole("button", { name: "Сохранить компанию" }).click();
    await expect(page.getByTestId("error-company-new-inn-error")).toBeVisible();
    await page.getByRole("form", { name: "Новая компания" }).getByLabel("ИНН").fill("500100732259");
    await page.getByRole("form", { name: "Новая компания" }).getByRole("button", { name: "Сохранить компанию" }).click();
    await expect(page.getByTestId("company-saved")).toContainText("Кузнецова");
    const saved = page.getByTestId("company-card").filter({ hasText: "Кузнецова" });
    await saved.getByText("Удалить", { exact: true }).click();
    await saved.getByRole("button", { name: "Да, удалить" }).click();
    await expect(page.getByTestId("company-deleted")).toBeVisible();

    await page.goto("/profile/orders?sort=date-asc");
    await expect(page.getByLabel("Порядок")).toHaveValue("date-asc");
  });
});
