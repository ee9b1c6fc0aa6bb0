/**
 * The open node-postgres pools, for the server's /metrics (server/metrics.ts, ADR 057). No imports:
 * the metrics module reads it without loading the database layer (an external API has none).
 *
 * `kind` says what is behind the pool: "postgresql" (DATABASE_URL), or "pglite" — on-disk PGlite on
 * its own thread behind a loopback port, one session, so its pool's waiting count is the queue of
 * queries waiting for PGlite. In-process PGlite (tests, the seed CLI) has no pool and no queue of its own.
 */
export interface PoolLike {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { max?: number };
}

export interface OpenPool {
  kind: "postgresql" | "pglite";
  pool: PoolLike;
}

const pools = new Set<OpenPool>();

/** Registers a pool until the returned function is called (when the pool is closed). */
export function registerPool(kind: OpenPool["kind"], pool: PoolLike): () => void {
  const entry: OpenPool = { kind, pool };
  pools.add(entry);
  return () => {
    pools.delete(entry);
  };
}

export function openPools(): readonly OpenPool[] {
  return [...pools];
}
