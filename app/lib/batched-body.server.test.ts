import { describe, expect, it } from "vitest";
import { BatchedBody } from "./batched-body.server.ts";

const text = (chunk: Uint8Array) => Buffer.from(chunk).toString();

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(text(r.value));
  return chunks;
}

describe("BatchedBody", () => {
  it("passes the strings written before a flush() on as one chunk", async () => {
    const body = new BatchedBody(() => {});
    const reader = body.stream.getReader();
    for (const piece of ["<html>", "<body>", "<p>Привет</p>"]) body.write(piece);
    body.flush();
    const { value } = await reader.read();
    expect(text(value!)).toBe("<html><body><p>Привет</p>");
  });

  it("keeps what React wrote before the stream was read, passes the rest on at the end and calls onEnd once", async () => {
    const events: string[] = [];
    const body = new BatchedBody(() => events.push("end"));
    body.write("<!DOCTYPE html>");
    body.write("a");
    body.flush();
    const stream = body.stream;
    body.write("b");
    body.write("c");
    body.end();
    body.end();
    expect(await readAll(stream)).toEqual(["<!DOCTYPE html>a", "bc"]);
    expect(events).toEqual(["end"]);
  });

  it("gives a complete page as one chunk when React finished before the stream was read", async () => {
    const body = new BatchedBody(() => {});
    body.write("<html>");
    body.flush();
    body.write("</html>");
    body.end();
    expect(await readAll(body.stream)).toEqual(["<html></html>"]);
  });

  it("tells React when the reader goes away, and errors the stream when React fails", async () => {
    const reasons: unknown[] = [];
    const closed = new BatchedBody(
      () => reasons.push("end"),
      (reason) => reasons.push(reason),
    );
    await closed.stream.cancel("gone");
    expect(reasons).toEqual(["end", "gone"]);
    closed.write("late");
    closed.end();
    expect(reasons).toEqual(["end", "gone"]);

    const failed = new BatchedBody(() => {});
    failed.error(new Error("render failed"));
    await expect(failed.stream.getReader().read()).rejects.toThrow("render failed");
  });
});
