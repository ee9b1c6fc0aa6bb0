// Fault (issue 28): this machine's PostgreSQL restarted under the mixed load (pg_ctlcluster, as
// root; FAULT_PG_RESTART overrides the command). Not for CI: every database of the machine goes away
// for a moment. While it is away the instances' /readyz say 503 and what nginx has cached is served;
// pages that need the database answer the 503 page and orders are refused (503, nothing stored).
// Afterwards, without restarting anything: /readyz 200 everywhere, pages 200, and every order that
// was answered 200 is in the database exactly once (none lost, none doubled).
//
//   node scripts/faults/postgres-restart.mjs      (the environment of scripts/faults/lib.mjs)
import { performance } from "node:perf_hooks";
import { readdirSync } from "node:fs";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { clusterEnv, clusterState, loadWithFault, log, probe, withCluster } from "./lib.mjs";

const restartCommand = process.env.FAULT_PG_RESTART ?? `pg_ctlcluster --skip-systemctl-redirect ${readdirSync("/etc/postgresql")[0]} main restart`;

async function orderCount() {
  const client = new pg.Client({ connectionString: clusterEnv.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query("SELECT count(*)::int AS n FROM orders")).rows[0].n;
  } finally {
    await client.end();
  }
}

const result = await withCluster(async ({ url }) => {
  let before = 0;
  const seen = { unready: false, ready: false, restartedInMs: 0 };
  const { rows } = await loadWithFault(url, async () => {
    log(`restarting PostgreSQL: ${restartCommand}`);
    const watch = (async () => {
      const until = Date.now() + 30_000;
      while (Date.now() < until && !seen.unready) {
        const states = await Promise.all(clusterState(clusterEnv).instances.map(({ port }) => probe(`http://127.0.0.1:${port}/readyz`)));
        if (states.some((s) => s.status === 503)) seen.unready = true;
        await sleep(100);
      }
    })();
    const started = performance.now();
    const restart = spawn("sh", ["-c", restartCommand], { stdio: "inherit" });
    const [code] = await once(restart, "exit");
    seen.restartedInMs = Math.round(performance.now() - started);
    if (code !== 0) throw new Error(`${restartCommand} exited with ${code}`);
    await watch;
    log(`PostgreSQL restarted in ${seen.restartedInMs} ms`);
  }, { beforeLoad: async () => void (before = await orderCount()) });
  // Recovery, without restarting an instance.
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const states = await Promise.all(clusterState(clusterEnv).instances.map(({ port }) => probe(`http://127.0.0.1:${port}/readyz`)));
    if (states.every((s) => s.status === 200)) {
      seen.ready = true;
      break;
    }
    await sleep(250);
  }
  const page = await probe(`${url}/catalog/ruchki/filter/price=123-4567`);
  const orders = rows.find((r) => r.name.startsWith("orders"));
  const answered = orders.requests - orders.errors;
  const stored = (await orderCount()) - before;
  log(`/readyz went 503: ${seen.unready}; back to 200: ${seen.ready}; an uncached page after: ${page.status}`);
  log(`orders answered 200: ${answered}; orders stored meanwhile: ${stored}`);
  return { ok: seen.unready && seen.ready && page.status === 200 && answered === stored };
});
log(result.ok ? "passed: readiness went down and back, pages recovered, no order lost or doubled" : "FAILED");
process.exit(result.ok ? 0 : 1);
