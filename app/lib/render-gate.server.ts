/**
 * At most `limit` page requests in React Router at a time; the others wait their turn in arrival
 * order (ADR 016). Mounted after the page cache, so cache hits never wait.
 *
 * Node shares the CPU among everything in flight: with 50 pages rendering at once, every turn of
 * the event loop advances all of them a little, so each takes as long as all of them together, and
 * a new connection waits whole turns to be served (libuv accepts one connection per turn). With a
 * few at a time, turns are short, pages finish in the order they came, and fewer are in memory.
 */
import type { RequestHandler } from "express";

export interface RenderGate extends RequestHandler {
  readonly active: number;
  readonly waiting: number;
}

export function renderGate(limit: number): RenderGate {
  let active = 0;
  let queue: Array<() => void> = [];
  let head = 0;

  function next() {
    while (head < queue.length && active < limit) {
      const start = queue[head];
      queue[head++] = noop;
      start();
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    }
  }

  const gate: RequestHandler = (_req, res, proceed) => {
    let state: "waiting" | "in" | "out" = "waiting";
    const release = () => {
      const wasIn = state === "in";
      state = "out";
      if (wasIn) {
        active--;
        next();
      }
    };
    res.once("finish", release);
    res.once("close", release);
    // A client that went away while waiting is skipped (state "out").
    const start = () => {
      if (state !== "waiting") return;
      state = "in";
      active++;
      proceed();
    };
    if (active < limit && head === queue.length) start();
    else queue.push(start);
  };

  return Object.defineProperties(gate, {
    active: { get: () => active },
    waiting: { get: () => queue.length - head },
  }) as RenderGate;
}

function noop() {}
