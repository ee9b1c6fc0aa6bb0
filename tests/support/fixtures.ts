/**
 * The e2e `test`: every browser context fails its test on a console.error, an uncaught page
 * error or a React hydration warning (the Epic Stack habit: any console.error fails a test).
 * A test that expects a logged error (a 404 document, say) lists it in `allowedConsoleErrors`.
 */
import { test as base, expect, type Page } from "@playwright/test";

/** React's hydration complaints: dev texts, and the production build's minified error codes. */
const HYDRATION_WARNING = /hydrat|did not match|react\.dev\/errors\/(418|419|421|422|423|425)\b/i;

export interface E2eOptions {
  /** Console errors this test expects, e.g. Chromium's "Failed to load resource … 404" for a 404 page. */
  allowedConsoleErrors: RegExp[];
}

export const test = base.extend<E2eOptions>({
  allowedConsoleErrors: [[], { option: true }],

  // (Playwright's `use` is named `provide` here: the React hooks lint rule reads `use(...)` as a hook.)
  context: async ({ context, allowedConsoleErrors }, provide) => {
    const problems: string[] = [];
    context.on("console", (message) => {
      const text = message.text();
      const isProblem = message.type() === "error" || HYDRATION_WARNING.test(text);
      if (isProblem && !allowedConsoleErrors.some((allowed) => allowed.test(text))) {
        const where = message.location().url;
        problems.push(`console.${message.type()}: ${text}${where ? ` (${where})` : ""}`);
      }
    });
    context.on("weberror", (error) => {
      problems.push(`page error: ${error.error().stack ?? error.error().message}`);
    });
    await provide(context);
    expect(problems, "console errors, page errors or hydration warnings").toEqual([]);
  },
});

export { expect };

/** Chromium logs a failed document load as a console error; a 404 page expects exactly that. */
export const DOCUMENT_STATUS_ERROR = (status: number) => new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

/**
 * Resolves once React has hydrated the document and run its effects: React Router's
 * <ScrollRestoration> switches history.scrollRestoration to "manual" in an effect of the same
 * commit as the app's link interception, so clicks are client-side navigations from then on.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => window.history.scrollRestoration === "manual", undefined, { timeout: 10_000 });
}
