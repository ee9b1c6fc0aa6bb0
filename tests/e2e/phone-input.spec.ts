/**
 * Issue 25, item 14: the phone field keeps every digit, whatever the spelling and however it gets
 * there — typed with no delay between keys, filled, pasted from the clipboard, inserted at once
 * (an IME or a keyboard's suggestion) or set by the browser's autofill — in the three forms that
 * ask for a phone: the ordering page, the login dialog and /profile. Without JavaScript any
 * spelling is accepted and the server writes it back as "+7 (916) 123-45-67".
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { loggedInContext } from "../support/demo-login.ts";

const EXPECTED = "+7 (916) 123-45-67";
/** Every way a person writes one Russian mobile number. */
const SPELLINGS = [
  "9161234567",
  "89161234567",
  "79161234567",
  "+79161234567",
  "+7 (916) 123-45-67",
  "8 (916) 123-45-67",
  "8-916-123-45-67",
  "+7 916 123 45 67",
  "7 916 123-45-67",
  "916 123 45 67",
  "8 916 1234567",
];

type Way = (page: Page, field: Locator, text: string) => Promise<void>;

/** Empties the field the way a person does: select everything, delete. */
async function clear(page: Page, field: Locator) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await expect(field).toHaveValue("");
}

const WAYS: Record<string, Way> = {
  "typed with no delay": async (page, field, text) => {
    await clear(page, field);
    await page.keyboard.type(text, { delay: 0 });
  },
  "filled (Playwright fill)": async (_page, field, text) => {
    await field.fill(text);
  },
  "pasted from the clipboard": async (page, field, text) => {
    await clear(page, field);
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.keyboard.press("ControlOrMeta+V");
  },
  "inserted at once (IME, suggestion)": async (page, field, text) => {
    await clear(page, field);
    await page.keyboard.insertText(text);
  },
  // Chromium's autofill sets the value and fires an `input` event without an inputType.
  autofilled: async (_page, field, text) => {
    await field.evaluate((input: HTMLInputElement, t) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, t);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }, text);
  },
};

async function everySpellingEveryWay(page: Page, field: Locator) {
  const wrong: string[] = [];
  for (const [way, enter] of Object.entries(WAYS)) {
    for (const spelling of SPELLINGS) {
      await enter(page, field, spelling);
      const value = await field.inputValue();
      if (value !== EXPECTED) wrong.push(`${way}: "${spelling}" → "${value}"`);
    }
  }
  expect(wrong).toEqual([]);
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

test("the ordering page's phone: every spelling, every way of entering it", async ({ page, request }) => {
  const response = await request.get("/api/product/list?pageLimit=30");
  const groups = ((await response.json()) as { data: { elements: { id: number; products: { price: number }[] }[] } }).data.elements;
  const group = groups.find((g) => g.products.length > 0 && g.products[0]!.price >= 150 && g.products[0]!.price < 5_000)!;
  await page.goto(`/catalog/goods/${group.id}`);
  await waitForHydration(page);
  await page.getByRole("spinbutton", { name: "Тираж, шт." }).fill("100");
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByRole("status").filter({ hasText: "Добавлено в корзину" })).toBeVisible();
  await page.goto("/cart/ordering");
  await waitForHydration(page);
  await expect(page.getByTestId("send-order")).toBeEnabled();
  await everySpellingEveryWay(page, page.getByLabel("Телефон"));
});

test("the login dialog's phone: every spelling, every way of entering it", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Покупателю" }).getByRole("link", { name: "Войти" }).click();
  const dialog = page.getByRole("dialog", { name: "Вход в личный кабинет" });
  await dialog.getByRole("button", { name: "По телефону" }).click();
  await everySpellingEveryWay(page, dialog.getByLabel("Телефон"));
});

async function loggedIn(browser: Browser, email: string) {
  const context = await loggedInContext(browser, email);
  const state = await context.storageState();
  await context.close();
  return state;
}

test.describe("logged in", () => {
  test.describe.configure({ timeout: 45_000 });

  test("/profile's phone: every spelling, every way of entering it", async ({ browser }) => {
    const context = await browser.newContext({ storageState: await loggedIn(browser, "adminmanager@demo.ru") });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    await page.goto("/profile");
    await waitForHydration(page);
    await everySpellingEveryWay(page, page.locator("#phone-phone"));
    await context.close();
  });
});

test("a number typed fast over another is replaced whole; digits typed in the middle stay in place", async ({ page }) => {
  await page.goto("/login?by=phone");
  await waitForHydration(page);
  const field = page.getByTestId("login-page-phone-form").getByLabel("Телефон");
  await field.focus();
  await page.keyboard.type("89161234567", { delay: 0 });
  await expect(field).toHaveValue(EXPECTED);
  // An 8 or 7 before an area code that could begin with it is the trunk prefix once the eleventh digit comes.
  await clear(page, field);
  await page.keyboard.type("88123456789", { delay: 0 });
  await expect(field).toHaveValue("+7 (812) 345-67-89");
  await clear(page, field);
  await page.keyboard.type("8123456789", { delay: 0 });
  await expect(field).toHaveValue("+7 (812) 345-67-89");
  await clear(page, field);
  await page.keyboard.type("83431234567", { delay: 0 });
  await expect(field).toHaveValue("+7 (343) 123-45-67");
  // Select all and type over: the new number only.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("+7 916 123 45 67", { delay: 0 });
  await expect(field).toHaveValue(EXPECTED);
  // A digit typed after the area code goes there, the caret stays after it.
  await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(8, 8));
  await page.keyboard.press("Backspace");
  await expect(field).toHaveValue("+7 (911) 234-56-7");
  await page.keyboard.type("6", { delay: 0 });
  await expect(field).toHaveValue(EXPECTED);
  expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(7);
  // Emptied by Backspace, the field is empty again (no "+7 (" left behind after it loses focus).
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Tab");
  await expect(field).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the /login phone form takes any spelling, and the server writes the number back formatted", async ({ page }) => {
    // A number of its own on each run: the code limits count per phone.
    const tail = String(Date.now()).slice(-7);
    const national = `916${tail}`;
    const formatted = `+7 (916) ${tail.slice(0, 3)}-${tail.slice(3, 5)}-${tail.slice(5)}`;
    await page.goto("/login?by=phone");
    const form = page.getByTestId("login-page-phone-form");
    await form.getByLabel("Телефон").fill(`8 (916) ${tail.slice(0, 3)} ${tail.slice(3)}`);
    await form.getByRole("button", { name: "Получить код в SMS" }).click();
    await expect(page.getByTestId("login-page-code-step")).toContainText(`Мы отправили код в SMS на ${formatted}.`);
    expect(national).toHaveLength(10);
  });
});
