import { describe, expect, it } from "vitest";
import { BatchedBody } from "./batched-body.server.ts";

function collect(stream: BatchedBody): Buffer[] {
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  return out;
}

describe("BatchedBody", () => {
  it("passes the pieces written before a flush() on as one chunk", async () => {
    const body = new BatchedBody(() => {});
    const out = collect(body);
    for (const piece of ["<html>", "<body>", "<p>Привет</p>"]) body.write(Buffer.from(piece));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toHaveLength(0);
    body.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.map(String)).toEqual(["<html><body><p>Привет</p>"]);
  });

  it("passes the rest on at the end and calls onFinal once, in order", async () => {
    const events: string[] = [];
    const body = new BatchedBody(() => events.push("final"));
    const out = collect(body);
    body.write(Buffer.from("a"));
    body.flush();
    body.write(Buffer.from("b"));
    body.write(Buffer.from("c"));
    body.end();
    await new Promise((resolve) => body.once("end", resolve));
    expect(Buffer.concat(out).toString()).toBe("abc");
    expect(out.length).toBe(2);
    expect(events).toEqual(["final"]);
  });

  it("reports backpressure only past its high-water mark, and drains after flush()", async () => {
    const body = new BatchedBody(() => {});
    collect(body);
    expect(body.write(Buffer.alloc(64 * 1024))).toBe(true);
    expect(body.write(Buffer.alloc(96 * 1024))).toBe(false);
    const drained = new Promise((resolve) => body.once("drain", resolve));
    body.flush();
    await drained;
  });
});
