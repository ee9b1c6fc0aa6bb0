/**
 * §5: HTML from the content service is sanitised before display, by DOMPurify over jsdom
 * (isomorphic-dompurify) in a worker thread of its own (ADR 019): jsdom is ~33 MB of live heap,
 * which every full garbage collection of the web server would otherwise mark again, and a call
 * costs ~19 ms of CPU that the event loop no longer spends.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed"],
  FORBID_ATTR: ["style"],
};

/** A text the worker has not answered within this time fails (the page shows its error, never hangs). */
const CALL_TIMEOUT_MS = 10_000;
/** jsdom stays near 35 MB; a worker past its limit ends, and the next call starts a new one. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };

// Plain CommonJS evaluated by the worker, so it runs the same under tsx, Vitest and the build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const DOMPurify = require(workerData.purifier);
DOMPurify.sanitize("<p></p>", workerData.config);
parentPort.on("message", ({ id, html }) => {
  try {
    parentPort.postMessage({ id, html: DOMPurify.sanitize(html, workerData.config) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
parentPort.postMessage({ ready: true });
`;

type Reply = { id: number; html?: string; error?: string; ready?: boolean };
type Pending = { resolve: (html: string) => void; reject: (error: Error) => void; timer?: NodeJS.Timeout };

type Sanitizer = { ready: Promise<void>; sanitize: (html: string) => Promise<string>; close: () => Promise<number> };

function startSanitizer(onExit: () => void): Sanitizer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { purifier: createRequire(import.meta.url).resolve("isomorphic-dompurify"), config: CONFIG },
    resourceLimits: WORKER_LIMITS,
  });
  // An idle sanitizer never keeps the process alive.
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | null = null;
  let markReady!: () => void;
  let markFailed!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  worker.on("message", (reply: Reply) => {
    if (reply.ready) return markReady();
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    clearTimeout(call.timer);
    if (reply.error === undefined) call.resolve(reply.html ?? "");
    else call.reject(new Error(`HTML sanitiser: ${reply.error}`));
  });
  worker.on("error", (error) => {
    failure = error;
    markFailed(error);
  });
  worker.on("exit", (code) => {
    failure ??= new Error(`HTML sanitiser stopped (exit code ${code})`);
    markFailed(failure);
    for (const call of pending.values()) {
      clearTimeout(call.timer);
      call.reject(failure);
    }
    pending.clear();
    onExit();
  });
  ready.catch(() => {});
  return {
    ready,
    sanitize(html) {
      if (failure) return Promise.reject(failure);
      return new Promise<string>((resolve, reject) => {
        const id = nextId++;
        const call: Pending = { resolve, reject };
        pending.set(id, call);
        worker.postMessage({ id, html });
        // The call's time counts from when the thread is up: loading jsdom is not the call's
        // (on a busy machine it alone took longer than the limit).
        // A thread that fails to start rejects the call through its exit handler; nothing to do here.
        ready.then(
          () => {
            if (!pending.has(id)) return;
            call.timer = setTimeout(() => {
              pending.delete(id);
              reject(new Error("HTML sanitiser did not answer in time"));
            }, CALL_TIMEOUT_MS);
            call.timer.unref();
          },
          () => {},
        );
      });
    },
    close: () => worker.terminate(),
  };
}

/**
 * One thread and one memo per process: the server entry and the route modules are two bundles
 * in production, each with its own copy of this module, so the state lives on `globalThis`.
 */
type Shared = { sanitizer: Sanitizer | null; memo: Map<string, Promise<string>> };
const SHARED = Symbol.for("storefront.html-sanitizer");
const shared: Shared = ((globalThis as { [SHARED]?: Shared })[SHARED] ??= { sanitizer: null, memo: new Map() });

function currentSanitizer(): Sanitizer {
  if (!shared.sanitizer) {
    const started = startSanitizer(() => {
      if (shared.sanitizer === started) shared.sanitizer = null;
    });
    shared.sanitizer = started;
  }
  return shared.sanitizer;
}

/** Starts the sanitiser's thread (jsdom loads in about a second) while the server waits for its database. */
export function preloadSanitizer(): Promise<void> {
  return currentSanitizer().ready;
}

/** Ends the sanitiser's thread (shutdown); a later call starts a new one. */
export async function closeSanitizer(): Promise<void> {
  const current = shared.sanitizer;
  shared.sanitizer = null;
  await current?.close();
}

export function sanitizeHtml(html: string): Promise<string> {
  return currentSanitizer().sanitize(html);
}

const MEMO_ENTRIES = 2000;
const memo = shared.memo;

/**
 * sanitizeHtml through a small memo: product descriptions, brand and print-type texts and
 * order-info blocks repeat on every request. Keyed by the HTML itself, so a changed text is
 * sanitised afresh; least recently used go first.
 */
export function sanitizedHtml(html: string): Promise<string> {
  if (!html) return Promise.resolve("");
  const hit = memo.get(html);
  if (hit) {
    // Refresh its place in the LRU order.
    memo.delete(html);
    memo.set(html, hit);
    return hit;
  }
  const result = sanitizeHtml(html);
  memo.set(html, result);
  result.catch(() => memo.delete(html));
  if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
  return result;
}
