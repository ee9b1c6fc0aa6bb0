// Start-up smoke test of the built production server on the Node running this script (ADR 059):
// the production image's command (the Dockerfile's CMD: its V8 flags, build/server.mjs) on a free
// port with a fresh embedded database in a temporary folder, then /readyz, the home page, a product
// page with its picture, a demo login and the profile with its token, and SIGTERM, after which the
// server must exit with 0.
//
//   node scripts/start-smoke.mjs        (after `npm run build`; `npm run test:node-lts` runs it on Node 24)
//
// Nothing is shared with other runs: the port is a free one, the data folder is new and removed at
// the end, failed or not, and the server is killed if it is still running then.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import path from "node:path";

/** The first start migrates and seeds the demo catalogue; on 2 loaded cores that takes a while. */
const READY_TIMEOUT_MS = 240_000;
const REQUEST_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 30_000;

/** The image's command without its `node`: ["--max-old-space-size=256", …, "build/server.mjs"]. */
function imageCommand() {
  const line = readFileSync("Dockerfile", "utf8").match(/^CMD (\[.+\])$/m)?.[1];
  const command = line ? JSON.parse(line) : null;
  if (!Array.isArray(command) || command[0] !== "node" || command.at(-1) !== "build/server.mjs") {
    throw new Error(`The Dockerfile's CMD is not ["node", …flags, "build/server.mjs"]: ${line ?? "none"}`);
  }
  return command.slice(1);
}

/** A port nothing listens on now (the kernel's pick). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function main() {
  if (!existsSync("build/server.mjs") || !existsSync("build/server/index.js")) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const args = imageCommand();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "storefront-smoke-"));
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  let exited = null;
  const server = spawn(process.execPath, args, {
    // As in the image (Dockerfile ENV), on loopback. Empty values override a developer's .env
    // (empty = unset): no external API, database, Redis, mail, SMS or error reporting.
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: "demo",
      LOG_LEVEL: "error",
      MALLOC_ARENA_MAX: "2",
      API_URL: "",
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      SMS_URL: "",
      SENTRY_DSN: "",
      COOKIE_DOMAIN: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exit = new Promise((resolve) => {
    server.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  server.stdout.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  server.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  const stopOnInterrupt = () => server.kill("SIGKILL");
  process.once("SIGINT", stopOnInterrupt);
  process.once("SIGTERM", stopOnInterrupt);

  const get = (url, init) => fetch(origin + url, { redirect: "manual", ...init, signal: globalThis.AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const started = performance.now();
  const step = (what) => console.log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  try {
    console.log(`Start-up smoke test on Node ${process.version}: node ${args.join(" ")} on port ${port}`);
    for (;;) {
      if (exited) throw new Error(`The server exited before it was ready (${exited.signal ?? `code ${exited.code}`}).`);
      check(performance.now() - started < READY_TIMEOUT_MS, `/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s.`);
      const status = await get("/readyz").then((res) => res.status, () => 0);
      if (status === 200) break;
      await sleep(250);
    }
    step("/readyz 200");

    const home = await get("/");
    const homeHtml = await home.text();
    check(home.status === 200, `GET / answered ${home.status}.`);
    check(homeHtml.includes('<html lang="ru"'), 'GET /: no <html lang="ru">.');
    step("/ 200");

    const list = await get("/api/product/list?pageLimit=1");
    check(list.status === 200, `GET /api/product/list answered ${list.status}.`);
    const id = (await list.json())?.data?.elements?.[0]?.id;
    check(Number.isInteger(id), "The product list has no product.");
    const product = await get(`/catalog/goods/${id}`);
    const productHtml = await product.text();
    check(product.status === 200, `GET /catalog/goods/${id} answered ${product.status}.`);
    check(productHtml.includes('<html lang="ru"'), `GET /catalog/goods/${id}: no <html lang="ru">.`);
    step(`/catalog/goods/${id} 200`);

    // The product's og:image is drawn by sharp (native) on request.
    const picture = productHtml.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    check(picture, `GET /catalog/goods/${id}: no og:image.`);
    const image = await get(new URL(picture.replaceAll("&amp;", "&"), origin).pathname);
    const bytes = new Uint8Array(await image.arrayBuffer());
    check(image.status === 200 && image.headers.get("content-type") === "image/png", `The og:image answered ${image.status} ${image.headers.get("content-type")}.`);
    check(bytes.length > 8 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47, "The og:image is not a PNG.");
    step("og:image PNG 200");

    // A password login checks the hash with @node-rs/argon2 (native).
    const login = await get("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "user@demo.ru", password: "demo12345" }),
    });
    const loginText = await login.text();
    check(login.status === 200, `The demo login answered ${login.status}: ${loginText.slice(0, 200)}`);
    // The access token it signed is verified on the next call (jose on WebCrypto).
    const token = JSON.parse(loginText)?.data?.authenticated?.token;
    check(typeof token === "string", "The demo login gave no access token.");
    const profile = await get("/api/profile", { headers: { Authorization: `Bearer ${token}` } });
    const profileText = await profile.text();
    check(profile.status === 200 && profileText.includes("user@demo.ru"), `GET /api/profile with the token answered ${profile.status}: ${profileText.slice(0, 200)}`);
    step("demo login and /api/profile 200");

    server.kill("SIGTERM");
    let timer;
    const result = await Promise.race([exit, new Promise((resolve) => (timer = setTimeout(resolve, EXIT_TIMEOUT_MS, null)))]);
    clearTimeout(timer);
    check(result, `The server did not exit within ${EXIT_TIMEOUT_MS / 1000} s of SIGTERM.`);
    check(result.code === 0, `After SIGTERM the server exited with ${result.signal ?? `code ${result.code}`}.`);
    step("SIGTERM: exit code 0");
    console.log(`Start-up smoke test passed on Node ${process.version}.`);
  } catch (error) {
    console.error(`Start-up smoke test failed on Node ${process.version}: ${error.message}`);
    if (output.trim()) console.error(`The server's output:\n${output.trimEnd().split("\n").slice(-60).join("\n")}`);
    process.exitCode = 1;
  } finally {
    if (!exited) {
      server.kill("SIGKILL");
      await exit;
    }
    process.off("SIGINT", stopOnInterrupt);
    process.off("SIGTERM", stopOnInterrupt);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main().catch((error) => {
  console.error(`Start-up smoke test failed: ${error.message}`);
  process.exitCode = 1;
});
