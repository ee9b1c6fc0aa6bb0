/**
 * Browser tests against the BUILT production server (`npm run build` first; `npm test` does).
 *
 * Two servers from the same build:
 * - the shop on SHOP_PORT with the embedded reference API on a fresh PGlite database;
 * - the outage server on OUTAGE_PORT with API_URL at a dead port (§8: 503 + Retry-After).
 * Chromium is Debian's (/usr/bin/chromium), never a downloaded one.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium.mjs";
import { DEAD_API_URL, E2E_DATA_DIR, OUTAGE_PORT, SERVER_LOG, SHOP_PORT, SHOP_URL } from "./tests/support/servers.ts";

const CI = Boolean(process.env.CI);
/**
 * A run on other ports (E2E_PORT) keeps its artifacts apart too: every run empties its output
 * folder first, which would pull the traces from under a run sharing test-results/.
 */
const ARTIFACTS = process.env.E2E_PORT ? path.join("data", "e2e-results", String(SHOP_PORT)) : ".";
const CHROMIUM = CHROMIUM_PATH;
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
}

/** Variables a developer's .env might set: explicit values here win over it (empty = unset). */
const serverEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  LOG_LEVEL: "error",
  DATABASE_URL: "",
  COOKIE_DOMAIN: "",
  SENTRY_DSN: "",
  // Codes and letters go to the log (tests/support/server-log.ts reads them), never out.
  SMS_URL: "",
  SMTP_URL: "",
};

export default defineConfig({
  testDir: "tests/e2e",
  // 2 cores: one server, one browser at a time keeps timings honest and the suite well under 3 min.
  workers: 1,
  fullyParallel: false,
  forbidOnly: CI,
  // No retries: a test that passes only on its second try is hiding a bug (shutdown races were).
  retries: 0,
  timeout: 20_000,
  expect: { timeout: 5_000 },
  outputDir: path.join(ARTIFACTS, "test-results"),
  reporter: CI ? [["list"], ["html", { open: "never", outputFolder: path.join(ARTIFACTS, "playwright-report") }]] : "list",
  use: {
    baseURL: SHOP_URL,
    locale: "ru-RU",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: [
    {
      name: "shop",
      command: "node tests/support/serve.mjs",
      url: `http://127.0.0.1:${SHOP_PORT}/readyz`,
      // APP_ENV=demo: the demo accounts exist, and with no SMS provider or SMTP the codes and the
      // letters (with their recipients) go to the log, which serve.mjs copies to SERVER_LOG.
      env: { ...serverEnv, PORT: String(SHOP_PORT), API_URL: "", DATA_DIR: E2E_DATA_DIR, E2E_FRESH_DATA: "1", APP_ENV: "demo", E2E_SERVER_LOG: SERVER_LOG },
      // The first start creates and seeds the database.
      timeout: 120_000,
      // Never whatever already listens on the port (another run, an older build, another program):
      // the run stops with "… is already used"; E2E_PORT / E2E_OUTAGE_PORT pick free ports.
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      name: "outage",
      command: "node tests/support/serve.mjs",
      url: `http://127.0.0.1:${OUTAGE_PORT}/healthz`,
      env: { ...serverEnv, PORT: String(OUTAGE_PORT), API_URL: DEAD_API_URL, DATA_DIR: "" },
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
