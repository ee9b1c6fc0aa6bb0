/**
 * Issue 28, ADR 060: `npm run cluster` — Debian's nginx as the shared page cache in front of two
 * instances of the build, on the local PostgreSQL (a fresh database: both instances start on it at
 * once, one seeds) and Redis. Through nginx: a public page's second request is a HIT; a session
 * cookie is a BYPASS, never a HIT; every HIT carries its own nonce, the same in its body and in its
 * CSP header, and never the instances' placeholder; browsers get `private, no-cache`; gzip and
 * brotli at the edge; /metrics is a 404; the msk. host and the cityId cookie are entries of their
 * own; an unknown query parameter bypasses; a second `npm run cluster` says it is running; and an
 * instance killed with SIGKILL during a burst of GETs fails none of them. Skipped only without nginx.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { test, expect } from "@playwright/test";
import { alive, nginxBinary } from "../../scripts/cluster.mjs";

const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 8089);
const FIRST_INSTANCE_PORT = Number(process.env.E2E_CLUSTER_INSTANCE_PORT ?? 3322);
const DIR = path.resolve("data", `e2e-cluster-${PORT}`);
const URL_ = `http://127.0.0.1:${PORT}`;
const SERVER = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
const DATABASE = `storefront_cluster_e2e_${PORT}`;
const DATABASE_URL = Object.assign(new URL(SERVER), { pathname: `/${DATABASE}` }).toString();
/** A person's browser: nginx keys crawlers apart (they get the complete document). */
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

const clusterEnv = {
  ...process.env,
  CLUSTER_PORT: String(PORT),
  CLUSTER_INSTANCE_PORT: String(FIRST_INSTANCE_PORT),
  CLUSTER_INSTANCES: "2",
  CLUSTER_DIR: DIR,
  DATABASE_URL,
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  // Request lines too: a test follows nginx's request id into an instance's log (the logs are files).
  LOG_LEVEL: "info",
  APP_ENV: "demo",
  API_URL: "",
  COOKIE_DOMAIN: "",
  SENTRY_DSN: "",
  METRICS_TOKEN: "",
};

function cluster(command: "start" | "stop"): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/cluster.mjs", command], { env: clusterEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** One request through nginx with exactly these headers (fetch would put its own Host in). */
function get(pathname: string, init: { headers?: Record<string, string>; method?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${URL_}${pathname}`,
      { method: init.method ?? "GET", agent: false, headers: { "user-agent": PERSON, "accept-encoding": "identity", ...init.headers }, timeout: 15_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("error", reject);
        response.once("end", () => {
          if (!response.complete) return reject(new Error(`${pathname}: the answer was cut off`));
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const body = encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw;
          resolve({ status: response.statusCode!, headers, body: body.toString("utf8") });
        });
      },
    );
    request.once("timeout", () => request.destroy(new Error(`${pathname}: no answer in 15 s`)));
    request.once("error", reject);
    request.end();
  });
}

const cacheStatus = (answer: Answer) => answer.headers.get("x-cache-status");
const headerNonce = (answer: Answer) => /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
const bodyNonces = (answer: Answer) => new Set([...answer.body.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]));
const cityShown = (answer: Answer) => /Ваш город: <\/span>([^<]+)<\/summary>/.exec(answer.body)?.[1];

/** Requests the page until nginx has it (the first answer is a MISS, or a HIT of an earlier test). */
async function cached(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const first = await get(pathname, { headers });
  expect(first.status).toBe(200);
  const second = await get(pathname, { headers });
  expect(cacheStatus(second), `${pathname} again`).toBe("HIT");
  return second;
}

const state = () => JSON.parse(readFileSync(path.join(DIR, "state.json"), "utf8")) as { instances: { pid: number; port: number; log: string }[] };

test.describe.serial("nginx in front of two instances (npm run cluster)", () => {
  const nginx = nginxBinary();
  test.skip(!nginx, "nginx is not installed (apt-get install nginx libnginx-mod-http-brotli-filter; .ci/run does): the cluster test needs it");
  let pids: number[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await cluster("stop");
    // A fresh database: both instances start on it at once.
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`));
    rmSync(DIR, { recursive: true, force: true });
    const started = await cluster("start");
    expect(started.code, started.output).toBe(0);
    expect(started.output).toContain(`Cluster ready on ${URL_}/`);
    pids = state().instances.map((i) => i.pid);
  });

  test.afterAll(async () => {
    const stopped = await cluster("stop");
    expect(stopped.code, stopped.output).toBe(0);
    // Everything it started is gone: the instances and nginx.
    for (const pid of pids) expect(alive(pid), `instance ${pid}`).toBe(false);
    expect(existsSync(path.join(DIR, "nginx.pid"))).toBe(false);
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`));
  });

  test("two instances on one fresh database: one seeds it, both serve; a second start says the cluster runs", async () => {
    const logs = state().instances.map((i) => readFileSync(i.log, "utf8"));
    expect(logs.join("").match(/empty database seeded/g) ?? []).toHaveLength(1);
    for (const log of logs) expect(log).toContain("embedded API on PostgreSQL; rate limits in Redis");
    const again = await cluster("start");
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already running at http:\/\/127\.0\.0\.1:\d+\/.*npm run cluster:stop/s);
  });

  test("a public page is a HIT the second time, with a fresh nonce per answer in its body and CSP, and private, no-cache for browsers", async () => {
    const first = await cached("/about");
    const second = await get("/about");
    expect(cacheStatus(second)).toBe("HIT");
    for (const answer of [first, second]) {
      expect(answer.headers.get("cache-control")).toBe("private, no-cache");
      const nonce = headerNonce(answer)!;
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      // Every script of the body carries the header's nonce, and only it.
      expect([...bodyNonces(answer)]).toEqual([nonce]);
    }
    expect(headerNonce(first)).not.toBe(headerNonce(second));
    // The instances' placeholder (the edge's secret) never leaves nginx.
    const secret = /X-Edge-Secret "([^"]+)"/.exec(readFileSync(path.join(DIR, "storefront.conf"), "utf8"))![1]!;
    for (const answer of [first, second, await get("/about.data"), await get("/no-such-page")]) {
      expect(answer.body).not.toContain(secret);
      expect(answer.headers.get("content-security-policy") ?? "").not.toContain(secret);
    }
    // The city cookie of a visitor without one comes with the cached page.
    expect(second.headers.get("set-cookie")).toMatch(/^cityId=\d+;/);
  });

  test("one request id per answer, from nginx to the instance's log; nginx logs JSON lines with the cache's answer and no private URL", async () => {
    const hit = await cached("/contacts");
    const miss = await get("/about?utm=x");
    const ids = [hit, miss].map((answer) => answer.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // The rendered one reached an instance, whose request line carries nginx's id.
    await expect.poll(() => state().instances.some((i) => readFileSync(i.log, "utf8").includes(`"reqId":"${ids[1]}"`)), { timeout: 5_000 }).toBe(true);
    const lines = () => readFileSync(path.join(DIR, "logs", "access.log"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(() => lines().filter((l) => ids.includes(l.reqId as string)).length, { timeout: 5_000 }).toBe(2);
    const [hitLine, missLine] = ids.map((id) => lines().find((l) => l.reqId === id)!);
    expect(hitLine).toMatchObject({ method: "GET", url: "/contacts", status: 200, cache: "HIT" });
    // Not from the cache: no URL at the edge (the instance logs it, redacted).
    expect(missLine).toMatchObject({ url: "-", status: 200 });
  });

  test("a session cookie or an Authorization header is a BYPASS, never a HIT", async () => {
    await cached("/");
    const personal: Record<string, string>[] = [{ cookie: "token=abc" }, { cookie: "cityId=3; refreshToken=abc" }, { cookie: "__Secure-token=abc" }, { authorization: "Bearer abc" }];
    for (const headers of personal) {
      for (let i = 0; i < 3; i++) {
        const answer = await get("/", { headers });
        expect(answer.status).toBe(200);
        expect(cacheStatus(answer), JSON.stringify(headers)).toBe("BYPASS");
      }
    }
  });

  test("gzip and brotli at the edge, the nonce still fresh inside", async () => {
    await cached("/about");
    for (const encoding of ["gzip", "br"]) {
      const answer = await get("/about", { headers: { "accept-encoding": encoding } });
      expect(cacheStatus(answer)).toBe("HIT");
      expect(answer.headers.get("content-encoding")).toBe(encoding);
      // Decoded, the body's nonce is the header's.
      expect([...bodyNonces(answer)]).toEqual([headerNonce(answer)]);
    }
  });

  test("/metrics through nginx is a 404 in every spelling", async () => {
    for (const pathname of ["/metrics", "/metrics/", "/METRICS", "/%6Detrics", "/metrics?x=1", "//metrics"]) {
      expect((await get(pathname)).status, pathname).toBe(404);
    }
  });

  test("the msk. host and the cityId cookie are entries of their own; junk cookies and unknown query parameters bypass", async () => {
    const plain = await cached("/about");
    expect(cityShown(plain)).toBe("Россия");
    const msk = await get("/about", { headers: { host: `msk.localhost:${PORT}` } });
    expect(cacheStatus(msk)).toBe("MISS");
    expect(cityShown(msk)).toBe("Москва");
    expect(cityShown(await cached("/about", { host: `msk.localhost:${PORT}` }))).toBe("Москва");
    const spb = await get("/about", { headers: { cookie: "cityId=1" } });
    expect(cacheStatus(spb)).toBe("MISS");
    expect(cityShown(spb)).toBe("Санкт-Петербург");
    const spbAgain = await cached("/about", { cookie: "cityId=1" });
    expect(cityShown(spbAgain)).toBe("Санкт-Петербург");
    // Its visitor already has the right cookie: none is set.
    expect(spbAgain.headers.get("set-cookie")).toBeNull();
    expect(cityShown(await get("/about"))).toBe("Россия");
    // A cookie that is no city id is never an entry: not a number → BYPASS; an unknown number is rendered, not stored.
    expect(cacheStatus(await get("/about", { headers: { cookie: "cityId=abc" } }))).toBe("BYPASS");
    for (let i = 0; i < 2; i++) expect(cacheStatus(await get("/about", { headers: { cookie: "cityId=98765" } }))).toBe("MISS");
    for (const query of ["?utm_source=x", "?page=2&page=3", "?Page=2"]) {
      for (let i = 0; i < 2; i++) expect(cacheStatus(await get(`/about${query}`)), query).toBe("BYPASS");
    }
  });

  test("an instance killed with SIGKILL during a burst of GETs fails none of them", async () => {
    test.setTimeout(60_000);
    await cached("/about");
    const [victim] = state().instances;
    // Shared pages from the cache and pages that bypass it (rendered by an instance) alike. nginx
    // passes a request to the other instance while no byte of its answer has left; an answer that
    // is already streaming when its instance dies cannot be retried by anyone (ADR 060). The pages
    // rendered here are a crawler's, which leave in one piece (onAllReady), so what is measured is
    // the retry, not the luck of where the kill lands in a person's stream.
    const CRAWLER = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";
    const targets: [string, Record<string, string>][] = [
      ["/about", {}],
      ["/about?utm=burst", { "user-agent": CRAWLER }],
      ["/", { cookie: "token=burst", "user-agent": CRAWLER }],
      ["/catalog", { cookie: "token=burst", "user-agent": CRAWLER }],
    ];
    const failures: string[] = [];
    const upstreamAfterKill: number[] = [];
    let done = 0;
    let killed = false;
    let stop = false;
    let notify = () => {};
    const reached = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (done >= count ? resolve() : void (notify = check));
        check();
      });
    const worker = async (w: number) => {
      for (let i = w; !stop; i++) {
        const [pathname, headers] = targets[i % targets.length]!;
        try {
          const answer = await get(pathname, { headers });
          if (answer.status !== 200 || !answer.body.trimEnd().endsWith("</html>")) failures.push(`${pathname}: ${answer.status}`);
          else if (killed && cacheStatus(answer) !== "HIT") upstreamAfterKill.push(answer.status);
        } catch (error) {
          failures.push(`${pathname}: ${(error as Error).message}`);
        }
        done++;
        notify();
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    await reached(30);
    process.kill(victim!.pid, "SIGKILL");
    killed = true;
    const afterKill = done;
    await reached(afterKill + 90);
    stop = true;
    await Promise.all(workers);
    expect(failures).toEqual([]);
    expect(alive(victim!.pid)).toBe(false);
    // The surviving instance rendered what could not come from the cache.
    expect(upstreamAfterKill.length).toBeGreaterThan(20);
  });
});
