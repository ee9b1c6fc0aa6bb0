// Fault (issue 28): every instance restarted in turn under the mixed load, as a deploy does: SIGTERM
// (the instance drains: /readyz 503, answers close their connections, requests in flight finish,
// server.ts), wait for it to exit, start it again, wait until it is ready, then the next one.
// Target: 0 failed requests.
//
//   node scripts/faults/rolling-restart.mjs      (the environment of scripts/faults/lib.mjs)
import { performance } from "node:perf_hooks";
import { replaceInstance } from "../cluster.mjs";
import { clusterEnv, clusterState, loadWithFault, log, withCluster } from "./lib.mjs";

const failed = await withCluster(async ({ url }) => {
  const { failed: count } = await loadWithFault(url, async () => {
    const instances = clusterState(clusterEnv).instances.length;
    for (let i = 0; i < instances; i++) {
      const started = performance.now();
      await replaceInstance(clusterEnv, i, { signal: "SIGTERM" });
      log(`instance ${i + 1} restarted in ${Math.round(performance.now() - started)} ms`);
    }
  });
  return count;
});
log(failed === 0 ? "passed: no request failed" : `FAILED: ${failed} requests failed`);
process.exit(failed === 0 ? 0 : 1);
