import { describe, expect, it } from "vitest";
import { BatchedBody } from "./batched-body.server.ts";

const text = (chunk: Uint8Array) => Buffer.from(chunk).toString();

describe("BatchedBody", () => {
  it("passes the pieces written before a flush() on as one chunk, strings and bytes alike", async () => {
    const body = new BatchedBody(() => {});
    const reader = body.stream.getReader();
    for (const piece of [Buffer.from("<html>"), "<body>", new TextEncoder().encode("<p>Привет</p>")]) body.write(piece);
    body.flush();
    const { value } = await reader.read();
    expect(text(value!)).toBe("<html><body><p>Привет</p>");
  });

  it("passes the rest on at the end, closes the stream and calls onEnd once", async () => {
    const events: string[] = [];
    const body = new BatchedBody(() => events.push("end"));
    body.write("a");
    body.flush();
    body.write("b");
    body.write("c");
    body.end();
    body.end();
    const chunks: string[] = [];
    const reader = body.stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(text(r.value));
    expect(chunks).toEqual(["a", "bc"]);
    expect(events).toEqual(["end"]);
  });

  it("pauses React past its high-water mark and lets it go on once the reader catches up", async () => {
    const body = new BatchedBody(() => {}, 1024);
    const reader = body.stream.getReader();
    expect(body.write(new Uint8Array(2048))).toBe(true);
    body.flush();
    expect(body.write("more")).toBe(false);
    const drained = new Promise((resolve) => body.once("drain", resolve));
    await reader.read();
    await drained;
    expect(body.write("again")).toBe(true);
  });

  it("tells React when the reader goes away, and errors the stream when React fails", async () => {
    const closed = new BatchedBody(() => {});
    const gone = new Promise((resolve) => closed.once("close", resolve));
    await closed.stream.cancel();
    await gone;
    expect(closed.write("late")).toBe(false);

    const failed = new BatchedBody(() => {});
    failed.destroy(new Error("render failed"));
    await expect(failed.stream.getReader().read()).rejects.toThrow("render failed");
  });
});
