/**
 * Where the e2e servers live. Shared by playwright.config.ts and the specs, so a port is
 * changed in one place. Every server binds loopback only.
 */
import path from "node:path";

/** The shop with its embedded reference API (PGlite in a fresh DATA_DIR). E2E_PORT / E2E_OUTAGE_PORT move both. */
export const SHOP_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The same build with API_URL at a dead port: the outage behaviour (§8). */
export const OUTAGE_PORT = Number(process.env.E2E_OUTAGE_PORT ?? 3211);

/** Plain host: no city cookie means Россия (id 3). */
export const SHOP_URL = `http://localhost:${SHOP_PORT}`;
/** §1: the Moscow regional variant, recognised by the msk. prefix (Chromium maps *.localhost to loopback). */
export const MSK_URL = `http://msk.localhost:${SHOP_PORT}`;
export const OUTAGE_URL = `http://localhost:${OUTAGE_PORT}`;

/** Nothing listens on the discard port, so every API call is refused at once. */
export const DEAD_API_URL = "http://127.0.0.1:9";

/**
 * The e2e database lives under the repo's ignored data/ folder and is recreated each run; one
 * folder per port, so a second run on other ports (E2E_PORT) never deletes a running one's data.
 */
export const E2E_DATA_DIR = path.join("data", "e2e", String(SHOP_PORT));

/** The built production server (`npm run build` writes it). */
export const SERVER_ENTRY = path.join("build", "server.mjs");

/** The shop's stdout and stderr, teed by tests/support/serve.mjs (codes and letters in a fresh clone's log). */
export const SERVER_LOG = path.join(E2E_DATA_DIR, "server.log");
