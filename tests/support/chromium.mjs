// Debian's Chromium (never a downloaded one) and the flags it runs with here, shared by the
// Playwright config and the bench (`npm run bench`). Plain JavaScript: the bench imports it too.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** No sandbox or GPU in containers; no first-run, update, sync or background traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
