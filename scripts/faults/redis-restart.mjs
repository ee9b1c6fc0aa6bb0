// Fault (issue 28): Redis stopped for FAULT_REDIS_DOWN (10) s under the mixed load and started again
// (the scripts' own redis-server, empty when it comes back). Meanwhile the limits count per process
// and every /readyz says "degraded" (still 200: pages keep serving); afterwards "ready" again.
// Target: no 5xx, no failed request.
//
//   node scripts/faults/redis-restart.mjs      (the environment of scripts/faults/lib.mjs)
import { setTimeout as sleep } from "node:timers/promises";
import { clusterEnv, clusterState, loadWithFault, log, probe, withCluster } from "./lib.mjs";

const DOWN_S = Number(process.env.FAULT_REDIS_DOWN) > 0 ? Number(process.env.FAULT_REDIS_DOWN) : 10;
const readiness = async () => Promise.all(clusterState(clusterEnv).instances.map(async ({ port }) => (await probe(`http://127.0.0.1:${port}/readyz`)).body));

const result = await withCluster(async ({ url, redis }) => {
  const seen = { during: [], after: [] };
  const { failed } = await loadWithFault(url, async () => {
    log(`Redis stopped for ${DOWN_S} s`);
    await redis.down();
    await sleep(Math.min(3, DOWN_S) * 1000);
    seen.during = await readiness();
    await sleep(Math.max(0, DOWN_S - 3) * 1000);
    await redis.up();
    log("Redis started again");
    const until = Date.now() + 15_000;
    do {
      seen.after = await readiness();
      if (seen.after.every((body) => body.includes('"ready"'))) break;
      await sleep(250);
    } while (Date.now() < until);
  });
  log(`/readyz while Redis was down: ${seen.during.join(" ")}`);
  log(`/readyz after: ${seen.after.join(" ")}`);
  const degraded = seen.during.length > 0 && seen.during.every((body) => body.includes('"degraded"'));
  const back = seen.after.every((body) => body.includes('"ready"'));
  return { failed, degraded, back };
});
const ok = result.failed === 0 && result.degraded && result.back;
log(ok ? "passed: no request failed, /readyz degraded and back" : `FAILED: ${result.failed} failed requests; degraded ${result.degraded}; back ${result.back}`);
process.exit(ok ? 0 : 1);
