/**
 * The one Redis link of a process (issue 28, ADR 061): a command connection, shared by the rate
 * limits (limits/limiter.ts) and the change events' PUBLISH (shared/changes.ts), and, opened on
 * first use, a subscriber connection (a subscribed connection runs no other commands). Both
 * reconnect on their own (the `redis` client's reconnectStrategy) and restore their subscriptions.
 *
 * An outage is logged once, when it starts (never the URL, which may carry a password), and its
 * end once. Nothing here throws because Redis is down: the limits count in process meanwhile, the
 * change events are lost (the caches' TTLs bound what that costs), `/readyz` says "degraded".
 */
import { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisLink {
  /** The command connection (rate limits, PUBLISH). */
  readonly client: RedisClient;
  /** The subscriber connection, opened on the first call (the same one every time). */
  subscriber(): RedisClient;
  /** Settles once the command connection is first up (true) or its first attempt failed (false). */
  ready(): Promise<boolean>;
  /** Whether Redis answers a PING within `timeoutMs` (false at once while reconnecting). */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface RedisLinkOptions {
  logError?: (message: string) => void;
}

/** Waits between reconnection attempts: 0.2 s more each time, at most 5 s. */
export const reconnectDelay = (retries: number) => Math.min((retries + 1) * 200, 5000);

export function connectRedis(url: string, options: RedisLinkOptions = {}): RedisLink {
  const logError = options.logError ?? ((message: string) => console.error(`[redis] ${message}`));
  const client: RedisClient = createClient({ url, socket: { reconnectStrategy: reconnectDelay } });
  let subscriber: RedisClient | null = null;
  // One line per outage for both connections; cleared when the command connection is back.
  let down = false;
  const reportDown = (error: unknown) => {
    if (down) return;
    down = true;
    logError(
      `Redis unavailable, using in-process limits; change events are lost until it is back: ${error instanceof Error ? error.message || error.name : String(error)}`,
    );
  };
  client.on("error", reportDown);
  client.on("ready", () => {
    if (down) logError("Redis is back: rate limits and change events shared again");
    down = false;
  });
  const ready = new Promise<boolean>((resolve) => {
    client.once("ready", () => resolve(true));
    client.once("error", () => resolve(false));
  });
  // connect() settles only once connected (or closed): it retries on its own meanwhile.
  client.connect().catch(() => {});

  const shut = async (c: RedisClient) => {
    // A connected client finishes its commands; one still reconnecting is dropped at once.
    if (c.isReady) await c.close().catch(() => c.destroy());
    else if (c.isOpen) c.destroy();
  };

  return {
    client,
    subscriber() {
      if (!subscriber) {
        subscriber = client.duplicate();
        subscriber.on("error", reportDown);
        subscriber.connect().catch(() => {});
      }
      return subscriber;
    },
    ready: () => ready,
    async ping(timeoutMs = 1000) {
      if (!client.isReady) return false;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([client.ping().then((reply) => reply === "PONG", () => false), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.all([shut(client), subscriber ? shut(subscriber) : null]);
    },
  };
}
