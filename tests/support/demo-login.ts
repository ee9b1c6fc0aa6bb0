/**
 * A browser context logged in as a demo account (password demo12345), through the /login page as a
 * person does: the e-mail form, then the landing page (/profile/cp). The caller closes it.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";

export const DEMO_PASSWORD = "demo12345";

export async function loggedInContext(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  const form = page.getByTestId("login-page-email-form");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Пароль").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Войти" }).click();
  await page.waitForURL(/\/profile\/cp$/, { timeout: 15_000 });
  await page.close();
  return context;
}

/** Logs in once and writes the session to `file` (a spec's `storageState`). */
export async function saveLoggedInState(browser: Browser, email: string, file: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const context = await loggedInContext(browser, email);
  await context.storageState({ path: file });
  await context.close();
}
