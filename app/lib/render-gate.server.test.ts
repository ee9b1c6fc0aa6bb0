import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { renderGate } from "./render-gate.server.ts";

/** A response that emits "finish" (answered) or "close" (client gone) when told. */
function fakeResponse() {
  return new EventEmitter() as EventEmitter & Response;
}

describe("renderGate (ADR 016)", () => {
  it("lets `limit` requests in and the others in arrival order as answers finish", () => {
    const gate = renderGate(2);
    const started: number[] = [];
    const responses = [1, 2, 3, 4, 5].map((n) => {
      const res = fakeResponse();
      gate({} as Request, res, () => started.push(n));
      return res;
    });
    expect(started).toEqual([1, 2]);
    expect([gate.active, gate.waiting]).toEqual([2, 3]);

    responses[1].emit("finish");
    responses[1].emit("close"); // both events of one answer free one place
    expect(started).toEqual([1, 2, 3]);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);

    responses[0].emit("close");
    responses[2].emit("finish");
    expect(started).toEqual([1, 2, 3, 4, 5]);
    responses[3].emit("finish");
    responses[4].emit("finish");
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it("skips a request whose client went away while it waited", () => {
    const gate = renderGate(1);
    const started: string[] = [];
    const first = fakeResponse();
    const gone = fakeResponse();
    const last = fakeResponse();
    gate({} as Request, first, () => started.push("first"));
    gate({} as Request, gone, () => started.push("gone"));
    gate({} as Request, last, () => started.push("last"));
    gone.emit("close");
    first.emit("finish");
    expect(started).toEqual(["first", "last"]);
    expect([gate.active, gate.waiting]).toEqual([1, 0]);
  });

  it("makes a newcomer wait behind those already waiting", () => {
    const gate = renderGate(1);
    const started: string[] = [];
    const first = fakeResponse();
    gate({} as Request, first, () => started.push("first"));
    gate({} as Request, fakeResponse(), () => started.push("queued"));
    first.emit("finish");
    gate({} as Request, fakeResponse(), () => started.push("late"));
    expect(started).toEqual(["first", "queued"]);
    expect(gate.waiting).toBe(1);
  });
});
