/**
 * Issue 16: no request may crash the process or answer 5xx. A few thousand junk requests (paths,
 * queries, hosts, forwarded headers, cookies, origins, methods, bodies; tests/support/fuzz.ts)
 * against the shop server, a few at a time, then the process must still answer /healthz.
 *
 * Deterministic: FUZZ_SEED (default below) and FUZZ_COUNT choose the run; a failure prints the
 * seed, the request's index and its bytes (a JS string, one character per byte), to send again with
 * `node -e 'require("net").connect(PORT, "127.0.0.1").end(Buffer.from(BYTES, "latin1")).pipe(process.stdout)'`.
 */
import { test, expect } from "#tests/support/fixtures.ts";
import { describe, generateRequests, send } from "#tests/support/fuzz.ts";
import { SHOP_PORT } from "#tests/support/servers.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
/** The render gate lets two pages render at a time: more connections than that only queue. */
const CONCURRENCY = 6;

test("thousands of junk requests: no answer ≥ 500, none left unanswered, the process alive", async () => {
  test.setTimeout(60_000);
  const requests = generateRequests(SEED, COUNT, SHOP_PORT);
  const failures: string[] = [];
  const statuses = new Map<number | null, number>();
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const index = next++;
      const outcome = await send(SHOP_PORT, requests[index]);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      if (outcome.status === null || outcome.status >= 500) {
        failures.push(`#${index} (seed ${SEED}): ${outcome.status ?? "no answer"}${outcome.error ? ` (${outcome.error})` : ""} for ${describe(requests[index])}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  const summary = [...statuses].sort(([a], [b]) => (a ?? 0) - (b ?? 0)).map(([status, n]) => `${status}×${n}`).join(" ");
  expect(failures, `answers: ${summary}\n${failures.slice(0, 10).join("\n")}`).toEqual([]);
  // The run must have reached the pages, not only the guards in front of them.
  expect(statuses.get(200) ?? 0, summary).toBeGreaterThan(COUNT / 20);
  const health = await send(SHOP_PORT, { method: "GET", target: "/healthz", headers: [["Host", `localhost:${SHOP_PORT}`]], body: "" });
  expect(health.status).toBe(200);
});
