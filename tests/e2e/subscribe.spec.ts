/**
 * /subscribe (issue 18): a bad address gets the Russian field error under the field, a good one the
 * success message, with JavaScript and without; the footer form posts to the same action; the
 * confirmation link page refuses an unknown token without a 5xx; past the per-IP limit (issue 25)
 * the form says when to try again and keeps the address. (The API's side — one row, one letter,
 * the token confirming, the limits — is tests/integration/api-subscription.test.ts and
 * api-write-limits.test.ts.)
 */
import { test, expect, DOCUMENT_STATUS_ERROR, waitForHydration } from "#tests/support/fixtures.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { SHOP_URL } from "#tests/support/servers.ts";

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ru`;

async function subscribeWith(page: Page, email: string) {
  const form = page.locator(".subscribe-form");
  await form.getByLabel("E-mail").fill(email);
  await form.getByRole("button", { name: "Подписаться" }).click();
}

async function checkForm(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Подписка на рассылку");
  const consent = page.locator(".subscribe-form__consent");
  await expect(consent).toContainText("Нажимая «Подписаться»");
  await expect(consent.getByRole("link", { name: "политикой конфиденциальности" })).toHaveAttribute("href", "/privacy");
  // The honeypot is not for people: out of the accessibility tree and the tab order.
  await expect(page.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  await expect(page.getByRole("textbox")).toHaveCount(2); // header search + e-mail; the trap is hidden from the tree
}

test.describe("with JavaScript", () => {
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(400)] });

  test("a bad address shows the field error, a good one the success message", async ({ page }) => {
    await page.goto("/subscribe");
    await waitForHydration(page);
    await checkForm(page);
    // Checked in the browser first (the contract's schema): no request for a typo.
    let posted = 0;
    page.on("request", (request) => void (request.method() === "POST" && posted++));
    await subscribeWith(page, "ivan@");
    await expect(page.getByTestId("subscribe-error")).toHaveText("Неверный формат e-mail");
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    // The forms layer (ADR 046): the refused field has the focus, its error linked to it.
    await expect(page.getByLabel("E-mail")).toBeFocused();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-describedby", "subscribe-email-error");
    await subscribeWith(page, "");
    await expect(page.getByTestId("subscribe-error")).toHaveText("Укажите e-mail");
    expect(posted).toBe(0);
    await subscribeWith(page, unique("Ivan.Petrov"));
    await expect(page.getByTestId("subscribe-success")).toContainText("Мы отправили письмо со ссылкой для подтверждения");
    expect(posted).toBe(1);
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test("a repeated address is told it is already on the list", async ({ page }) => {
    const email = unique("repeat");
    await page.goto("/subscribe");
    await waitForHydration(page);
    await subscribeWith(page, email);
    await expect(page.getByTestId("subscribe-success")).toBeVisible();
    await page.goto("/subscribe");
    await waitForHydration(page);
    await subscribeWith(page, email.toUpperCase());
    await expect(page.getByTestId("subscribe-success")).toContainText("уже есть в списке");
  });

  test("the confirmation link page refuses an unknown token", async ({ page }) => {
    await page.goto(`/subscribe/confirm?token=${"A".repeat(43)}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Подтвердить подписку" }).click();
    await expect(page.getByTestId("confirm-error")).toHaveText("Ссылка для подтверждения недействительна или устарела");
    await page.goto("/subscribe/confirm?token=<script>alert(1)</script>");
    await expect(page.getByTestId("confirm-error")).toContainText("недействительна");
    await expect(page.getByRole("button", { name: "Подтвердить подписку" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(400)] });

  test("the form posts to its action: the error under the field, then the success message", async ({ page }) => {
    await page.goto("/subscribe");
    await checkForm(page);
    await subscribeWith(page, "ivan@mail.ru\r\nBcc: all@example.ru");
    await expect(page.getByTestId("subscribe-error")).toHaveText("Неверный формат e-mail");
    await subscribeWith(page, "   ");
    await expect(page.getByTestId("subscribe-error")).toHaveText("Укажите e-mail");
    await subscribeWith(page, unique("olga"));
    await expect(page.getByTestId("subscribe-success")).toContainText("Спасибо за подписку!");
  });

  test("the footer's form subscribes from any page", async ({ page }) => {
    await page.goto("/delivery");
    const footer = page.getByRole("form", { name: "Подписка на рассылку" });
    await footer.getByLabel(/Новинки и акции на почту/).fill(unique("footer"));
    await footer.getByRole("button", { name: "Подписаться" }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByTestId("subscribe-success")).toBeVisible();
  });

  test("a filled honeypot is answered as a success and stores nothing", async ({ page, request }) => {
    const email = unique("bot");
    const response = await request.post(`${SHOP_URL}/subscribe`, { form: { email, website: "http://spam.example" }, headers: { Origin: SHOP_URL } });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Спасибо за подписку!");
    // The address was not stored: a person subscribing it now is a new subscriber.
    await page.goto("/subscribe");
    await subscribeWith(page, email);
    await expect(page.getByTestId("subscribe-success")).toContainText("Мы отправили письмо");
  });
});

test.describe("past the subscription limit (issue 25)", () => {
  // A visitor of its own: X-Forwarded-For from loopback (a trusted proxy) names the client, so the
  // rest of the suite, all from 127.0.0.1, keeps its allowance.
  const ip = "203.0.113.25";
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": ip }, allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(400)] });

  /** Subscribes new addresses from that IP until the API refuses (an office signing up its whole staff). */
  async function spendAllowance(request: APIRequestContext) {
    for (let i = 0; i < 60; i++) {
      const response = await request.post(`${SHOP_URL}/subscribe`, { form: { email: unique("colleague") }, headers: { Origin: SHOP_URL, "X-Forwarded-For": ip } });
      if ((await response.text()).includes("Слишком много подписок")) return;
    }
    throw new Error("the subscription limit never came");
  }

  test("with JavaScript the form says when to try again, and the address stays in the field", async ({ page, request }) => {
    await spendAllowance(request);
    await page.goto("/subscribe");
    await waitForHydration(page);
    const email = unique("late");
    await subscribeWith(page, email);
    await expect(page.getByRole("alert")).toHaveText(/^Слишком много подписок\. Попробуйте через \d+ (минут|минуты|минуту)$/);
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await expect(page.locator(".subscribe-page").getByRole("button", { name: "Подписаться" })).toBeEnabled();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the page comes back with the message above the form and the address kept", async ({ page, request }) => {
      await spendAllowance(request);
      await page.goto("/subscribe");
      const email = unique("late");
      await subscribeWith(page, email);
      await expect(page).toHaveURL(/\/subscribe$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Подписка на рассылку");
      await expect(page.getByRole("alert")).toHaveText(/^Слишком много подписок\. Попробуйте через \d+ (минут|минуты|минуту)$/);
      await expect(page.getByLabel("E-mail")).toHaveValue(email);
    });
  });
});
