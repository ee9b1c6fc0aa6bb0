/**
 * Change events (issue 28, ADR 061): "catalogue or content data changed, drop what you keep of it".
 * The embedded API fires them (api/index.ts `notifyChange`); the read caches listen
 * (`backend.onChange`: the storefront's API read cache, content, sitemaps, the Yandex Market feed,
 * the page cache, the API's search and cart-pricing caches).
 *
 * - Without Redis: the listeners of this process, at once (one instance).
 * - With Redis (REDIS_URL): the writer runs its own listeners at once and PUBLISHes its instance id
 *   on CHANGE_CHANNEL; every instance subscribes and runs its listeners on a message that is not
 *   its own, so each instance drops its caches once per change, the writer included.
 * - Redis down: the writer's own listeners still run and the write succeeds; the other instances
 *   miss the event, and their caches' TTLs bound the staleness (ADR 061 lists them). When the
 *   subscriber is back (the client reconnects and resubscribes by itself), every instance runs its
 *   listeners once, since it may have missed events meanwhile.
 *
 * A message carries nothing but its sender: whatever writes the database outside an instance (an
 * import, `npm run seed`) announces it with `PUBLISH <channel> <anything>`.
 */
import { randomUUID } from "node:crypto";
import { connectRedis, type RedisLink } from "./redis.ts";

export const CHANGE_CHANNEL = "shop:changes";

/**
 * For a process that wrote shared data and is no instance (`npm run seed`, an import): tells every
 * instance on `url`. False when Redis could not be reached (logged); never throws.
 */
export async function announceChange(url: string, channel: string = CHANGE_CHANNEL, logError?: (message: string) => void): Promise<boolean> {
  const link = connectRedis(url, { logError });
  try {
    if (!(await link.ready())) return false;
    await link.client.publish(channel, `announced-${randomUUID()}`);
    return true;
  } catch {
    return false;
  } finally {
    await link.close();
  }
}

export interface ChangeEvents {
  readonly describe: string;
  /**
   * This instance changed shared data: its listeners run now, every other instance's when the
   * event arrives. Settles once Redis took the event (at once without Redis or while it is down);
   * never rejects.
   */
  notify(): Promise<void>;
  /** Runs `listener` on every change; the function returned stops it. */
  onChange(listener: () => void): () => void;
  /** Settles once the subscription and the publishing connection are up (true) or either's first attempt failed (false); true without Redis. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ChangeEventsOptions {
  /** The process's Redis link (shared/redis.ts); unset = this process only. */
  redis?: RedisLink;
  /** The channel (tests isolate their runs); default CHANGE_CHANNEL. */
  channel?: string;
  /** Where a failing listener is reported. */
  logError?: (error: unknown) => void;
}

export function createChangeEvents(options: ChangeEventsOptions = {}): ChangeEvents {
  const logError = options.logError ?? ((error: unknown) => console.error("[changes]", error));
  const listeners = new Set<() => void>();
  const fire = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        logError(error);
      }
    }
  };
  const onChange = (listener: () => void) => {
    // A wrapper per call: one function subscribed twice runs twice, and each stop removes its own.
    const entry = () => listener();
    listeners.add(entry);
    return () => void listeners.delete(entry);
  };
  const redis = options.redis;
  if (!redis) {
    return {
      describe: "change events in process",
      notify: async () => fire(),
      onChange,
      ready: () => Promise.resolve(true),
      close: async () => {},
    };
  }

  const channel = options.channel ?? CHANGE_CHANNEL;
  const self = randomUUID();
  const subscriber = redis.subscriber();
  // Set when the subscriber loses Redis (or never had it): on its next "ready" — emitted once the
  // client has resubscribed — events may have been missed, so every listener runs once.
  let missed = false;
  let closed = false;
  subscriber.on("error", () => {
    missed = true;
  });
  subscriber.on("ready", () => {
    if (!missed || closed) return;
    missed = false;
    fire();
  });
  const onMessage = (message: string) => {
    if (message !== self) fire();
  };
  const subscribed = subscriber.subscribe(channel, onMessage);
  // Both connections: the subscription, and the command connection that publishes.
  const listening = new Promise<boolean>((resolve) => {
    subscribed.then(
      () => resolve(true),
      () => resolve(false),
    );
    subscriber.once("error", () => resolve(false));
  });
  const ready = Promise.all([listening, redis.ready()]).then(([a, b]) => a && b);
  subscribed.catch(() => {});

  return {
    describe: `change events through Redis (${channel})`,
    async notify() {
      fire();
      // While Redis is down the event is dropped, not queued: the others' TTLs bound the staleness,
      // and they drop their caches when their subscriber is back.
      if (!redis.client.isReady) return;
      await redis.client.publish(channel, self).then(
        () => {},
        () => {},
      );
    },
    onChange,
    ready: () => ready,
    async close() {
      closed = true;
      listeners.clear();
      if (subscriber.isReady) await subscriber.unsubscribe(channel, onMessage).catch(() => {});
    },
  };
}
