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
 */
import type { RequestHandler } from "express";

export interface RenderGate extends RequestHandler {
  readonly active: number;
  readonly waiting: number;
}

/** `schedule` runs a callback after the current turn's I/O (tests pass their own). */
export function renderGate(limit: number, schedule: (callback: () => void) => void = setImmediate): RenderGate {
  let active = 0;
  /** Entries answer whether they let a request in (false: its client left while it waited). */
  let queue: Array<() => boolean> = [];
  let head = 0;
  let scheduled = false;

  function wake() {
    if (scheduled || head === queue.length || active >= limit) return;
    scheduled = true;
    schedule(admitOne);
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
    res.once("finish", release);
    res.once("close", release);
    queue.push(() => {
      // A client that went away while waiting is skipped (state "out").
      if (state !== "waiting") return false;
      state = "in";
      active++;
      proceed();
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
