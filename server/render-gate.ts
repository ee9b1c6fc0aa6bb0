/**
 * At most `limit` page requests in React Router at a time, let in one per turn of the event loop,
 * in arrival order (ADR 016). Mounted after the page cache, so cache hits never wait.
 *
 * Node shares the CPU among everything in flight: with 50 pages rendering at once, every turn of
 * the event loop advances all of them a little, so each takes as long as all of them together.
 * With a few at a time, pages finish in the order they came, and fewer are in memory.
 *
 * One admission per turn: a page's loaders and render run mostly in the microtasks that follow
 * its admission, so a turn that let in eight pages would last eight renders. libuv accepts one new
 * connection per turn (libuv#3696), so during such turns new connections wait in the kernel's
 * queue: 50 new connections took ~1.5 s to be accepted under load. Admitting from a check-phase
 * callback (`setImmediate`) keeps each turn to about one page, so connections are accepted and
 * requests read between pages.
 *
 * Two limits (ADR 020): `busy` pages at a time while the process is busy, up to `limit` while the
 * event loop sits idle. With the embedded API a page is almost all CPU work (its catalogue answers
 * come from the read cache), and two at a time serve 7–12 % more pages per second than eight: each
 * page's objects live a shorter time, so fewer survive young-generation collections. A page that
 * waits for the database (a read-cache miss) leaves the loop idle; then one more page goes in per
 * probe (every 2 ms) whose interval the loop spent mostly idle, up to `limit`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import type { RequestHandler } from "express";
import type { ServerResponse } from "node:http";

export interface RenderGate extends RequestHandler {
  readonly active: number;
  readonly waiting: number;
}

export interface RenderGateOptions {
  /** Pages in flight while the loop is busy (default: `limit`, i.e. no idle probing). */
  busy?: number;
  /** Runs a callback after the current turn's I/O (tests pass their own). */
  schedule?: (callback: () => void) => void;
  /** Calls back after a probe interval (tests pass their own). */
  probe?: (callback: () => void) => void;
  /** Whether the event loop was mostly idle since the previous call (tests pass their own). */
  loopIdle?: () => boolean;
}

const PROBE_MS = 2;

/** Event-loop utilisation below one half since the previous call. */
function loopIdleSinceLastCall(): () => boolean {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const idle = performance.eventLoopUtilization(now, last).utilization < 0.5;
    last = now;
    return idle;
  };
}

export function renderGate(limit: number, options: RenderGateOptions = {}): RenderGate {
  const busy = Math.min(options.busy ?? limit, limit);
  const schedule = options.schedule ?? setImmediate;
  const probe = options.probe ?? ((callback: () => void) => void setTimeout(callback, PROBE_MS));
  const loopIdle = options.loopIdle ?? loopIdleSinceLastCall();
  let active = 0;
  /** Entries answer whether they let a request in (false: its client left while it waited). */
  let queue: Array<() => boolean> = [];
  let head = 0;
  let scheduled = false;
  let probing = false;

  function wake() {
    if (scheduled || head === queue.length) return;
    if (active < busy) {
      scheduled = true;
      schedule(admitOne);
    } else if (active < limit && !probing) {
      probing = true;
      loopIdle(); // the probe judges its own interval
      probe(afterProbe);
    }
  }

  /** Pages in flight and more waiting: one more goes in if the loop spent the interval idle. */
  function afterProbe() {
    probing = false;
    if (head === queue.length || active >= limit || active < busy) return wake();
    if (loopIdle()) admitOne();
    else wake();
  }

  /** Lets in the first waiting request whose client is still there, then waits for the next turn. */
  function admitOne() {
    scheduled = false;
    while (head < queue.length && active < limit) {
      const start = queue[head];
      queue[head++] = gone;
      if (start()) break;
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    }
    wake();
  }

  const gate: RequestHandler = (_req, res, proceed) => {
    let state: "waiting" | "in" | "out" = "waiting";
    const release = () => {
      const wasIn = state === "in";
      state = "out";
      if (wasIn) {
        active--;
        wake();
      }
    };
    whenResponseOver(res, release);
    // Let in from another request's callback, it still runs as this request (its log lines' id, ADR 056).
    const asThisRequest = AsyncLocalStorage.snapshot();
    queue.push(() => {
      // A client that went away while waiting is skipped (state "out").
      if (state !== "waiting") return false;
      state = "in";
      active++;
      asThisRequest(() => proceed());
      return true;
    });
    wake();
  };

  return Object.defineProperties(gate, {
    active: { get: () => active },
    waiting: { get: () => queue.length - head },
  }) as RenderGate;
}

function gone() {
  return false;
}

/** Calls `listener` once, when `res` is over: sent (`finish`) or abandoned (`close`), or at once if it already is. */
function whenResponseOver(res: ServerResponse, listener: () => void): void {
  if (res.writableFinished || res.destroyed) return listener();
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    res.off("finish", once);
    res.off("close", once);
    listener();
  };
  res.once("finish", once);
  res.once("close", once);
}
