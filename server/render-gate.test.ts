import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { currentRequestId, inRequestContext } from "#log/logger.ts";
import { renderGate } from "./render-gate.ts";

/** A response that emits "finish" (answered) or "close" (client gone) when told. */
function fakeResponse() {
  return new EventEmitter() as EventEmitter & Response;
}

/** Turns of the event loop under the test's control: `turn()` runs what the gate scheduled. */
function manualTurns() {
  let pending: Array<() => void> = [];
  return {
    schedule: (callback: () => void) => void pending.push(callback),
    turn() {
      const now = pending;
      pending = [];
      for (const callback of now) callback();
    },
    /** Runs turns until nothing is scheduled; answers how many it took. */
    settle() {
      let turns = 0;
      while (pending.length > 0) {
        this.turn();
        turns++;
      }
      return turns;
    },
  };
}

describe("renderGate (ADR 016)", () => {
  it("lets `limit` requests in and the others in arrival order as answers finish", () => {
    const turns = manualTurns();
    const gate = renderGate(2, { schedule: turns.schedule });
    const started: number[] = [];
    const responses = [1, 2, 3, 4, 5].map((n) => {
      const res = fakeResponse();
      gate({} as Request, res, () => started.push(n));
      return res;
    });
    turns.settle();
    expect(started).toEqual([1, 2]);
    expect([gate.active, gate.waiting]).toEqual([2, 3]);

    responses[1].emit("finish");
    responses[1].emit("close"); // both events of one answer free one place
    turns.settle();
    expect(started).toEqual([1, 2, 3]);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);

    responses[0].emit("close");
    responses[2].emit("finish");
    turns.settle();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    responses[3].emit("finish");
    responses[4].emit("finish");
    turns.settle();
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it("lets in one request per turn of the event loop, so each turn stays about one page long", () => {
    const turns = manualTurns();
    const gate = renderGate(8, { schedule: turns.schedule });
    const started: number[] = [];
    for (const n of [1, 2, 3, 4]) gate({} as Request, fakeResponse(), () => started.push(n));
    expect(started).toEqual([]);
    turns.turn();
    expect(started).toEqual([1]);
    turns.turn();
    expect(started).toEqual([1, 2]);
    expect(turns.settle()).toBe(2);
    expect(started).toEqual([1, 2, 3, 4]);
    expect([gate.active, gate.waiting]).toEqual([4, 0]);
  });

  it("skips a request whose client went away while it waited, in the same turn", () => {
    const turns = manualTurns();
    const gate = renderGate(1, { schedule: turns.schedule });
    const started: string[] = [];
    const first = fakeResponse();
    const gone = fakeResponse();
    const last = fakeResponse();
    gate({} as Request, first, () => started.push("first"));
    gate({} as Request, gone, () => started.push("gone"));
    gate({} as Request, last, () => started.push("last"));
    turns.settle();
    gone.emit("close");
    first.emit("finish");
    turns.turn();
    expect(started).toEqual(["first", "last"]);
    expect([gate.active, gate.waiting]).toEqual([1, 0]);
  });

  it("makes a newcomer wait behind those already waiting", () => {
    const turns = manualTurns();
    const gate = renderGate(1, { schedule: turns.schedule });
    const started: string[] = [];
    const first = fakeResponse();
    gate({} as Request, first, () => started.push("first"));
    gate({} as Request, fakeResponse(), () => started.push("queued"));
    turns.settle();
    first.emit("finish");
    gate({} as Request, fakeResponse(), () => started.push("late"));
    turns.settle();
    expect(started).toEqual(["first", "queued"]);
    expect(gate.waiting).toBe(1);
  });

  it("schedules by default with setImmediate: a request is let in after the current callback", async () => {
    const gate = renderGate(1);
    const started: string[] = [];
    gate({} as Request, fakeResponse(), () => started.push("page"));
    expect(started).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["page"]);
  });

  it("beyond `busy` pages, lets one more in per probe interval the loop spent idle, up to `limit`", () => {
    const turns = manualTurns();
    const probes = manualTurns();
    let idle = false;
    const gate = renderGate(4, { busy: 2, schedule: turns.schedule, probe: probes.schedule, loopIdle: () => idle });
    const started: number[] = [];
    const responses = [1, 2, 3, 4, 5, 6].map((n) => {
      const res = fakeResponse();
      gate({} as Request, res, () => started.push(n));
      return res;
    });
    turns.settle();
    expect(started).toEqual([1, 2]);
    // A busy loop (pages rendering): the probe lets nobody in and probes again.
    probes.turn();
    probes.turn();
    expect(started).toEqual([1, 2]);
    // The pages in flight wait for I/O: one more per idle probe, never past `limit`.
    idle = true;
    probes.turn();
    expect(started).toEqual([1, 2, 3]);
    probes.settle();
    expect(started).toEqual([1, 2, 3, 4]);
    expect([gate.active, gate.waiting]).toEqual([4, 2]);
    // Answers free places: below `busy` the next page goes in on the next turn, without a probe;
    // at `busy` again, the last one waits for an idle probe.
    idle = false;
    for (const res of responses.slice(0, 3)) res.emit("finish");
    turns.settle();
    probes.turn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    idle = true;
    probes.turn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect([gate.active, gate.waiting]).toEqual([3, 0]);
  });

  it("judges idleness by the event loop's utilisation by default", async () => {
    const gate = renderGate(2, { busy: 1 });
    const started: string[] = [];
    gate({} as Request, fakeResponse(), () => started.push("first"));
    gate({} as Request, fakeResponse(), () => started.push("second"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["first"]);
    // The first page waits (say, for the database); the loop is idle, so the second goes in at the
    // first probe (every 2 ms) whose interval the loop spent mostly idle. On a loaded machine this
    // process may be preempted while it runs, which counts as busy: that is when, not whether.
    await vi.waitFor(() => expect(started).toEqual(["first", "second"]), { timeout: 5_000, interval: 2 });
  });

  it("a request let in by another's answer runs as itself: its log lines carry its own id (ADR 056)", () => {
    const turns = manualTurns();
    const gate = renderGate(1, { schedule: turns.schedule });
    const seen: Array<[string, string | undefined]> = [];
    const responses = ["a", "b", "c"].map((id) => {
      const res = fakeResponse();
      inRequestContext(id, () => gate({} as Request, res, () => seen.push([id, currentRequestId()])));
      return res;
    });
    turns.settle();
    // Each answer finishes inside another request's context (or none): the next one is let in from there.
    inRequestContext("someone else", () => responses[0].emit("finish"));
    turns.settle();
    responses[1].emit("finish");
    turns.settle();
    expect(seen).toEqual([
      ["a", "a"],
      ["b", "b"],
      ["c", "c"],
    ]);
  });
});
