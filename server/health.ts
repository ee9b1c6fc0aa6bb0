/**
 * `/readyz` (ADR 061): may the balancer send this instance requests?
 *
 * - 503 `unavailable` while draining for shutdown, or while the database (the external API) does
 *   not answer: no page could be served.
 * - 200 `degraded` with `redis: "down"` when REDIS_URL is set and Redis does not answer: pages,
 *   orders and logins all work; the rate limits count per process and change events are lost
 *   until it is back. Redis is one for all instances, so a 503 would take every instance out of
 *   rotation at once for a store the shop can do without: the balancer keeps them, the monitoring
 *   reads the body.
 * - 200 `ready` otherwise (`redis: "up"` when REDIS_URL is set).
 */
import type { RequestHandler } from "express";
import type { Backend } from "#app/lib/backend.server.ts";
import type { RedisLink } from "#shared/redis.ts";

export interface Readiness {
  status: "ready" | "degraded" | "unavailable";
  redis?: "up" | "down";
}

export interface ReadinessSources {
  draining: () => boolean;
  backend: Pick<Backend, "ping">;
  /** The process's Redis link; unset without REDIS_URL. */
  redis?: Pick<RedisLink, "ping">;
}

export async function readiness({ draining, backend, redis }: ReadinessSources): Promise<{ code: 200 | 503; body: Readiness }> {
  const [database, shared] = await Promise.all([draining() ? false : backend.ping(), redis?.ping()]);
  const redisState = shared === undefined ? {} : { redis: shared ? ("up" as const) : ("down" as const) };
  if (draining() || !database) return { code: 503, body: { status: "unavailable", ...redisState } };
  return { code: 200, body: { status: shared === false ? "degraded" : "ready", ...redisState } };
}

export function readinessHandler(sources: ReadinessSources): RequestHandler {
  return async (_req, res) => {
    const { code, body } = await readiness(sources);
    res.set("Cache-Control", "no-store").status(code).json(body);
  };
}
