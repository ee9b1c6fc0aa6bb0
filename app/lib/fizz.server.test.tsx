import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BatchedBody } from "./batched-body.server.ts";
import { renderToDirectStream, withoutByteCounting, type DirectSink } from "./fizz.server.ts";

function Page({ later, last }: { later?: Promise<string>; last?: Promise<string> }) {
  return (
    <html lang="ru">
      <head>
        <title>Ручки с логотипом</title>
      </head>
      <body>
        <ul>
          {Array.from({ length: 50 }, (_, i) => (
            <li key={i} className={`item item--${i % 3}`}>
              <a href={`/catalog/goods/${i}`}>{`Ручка №${i} & «кавычки»`}</a>
            </li>
          ))}
        </ul>
        <div dangerouslySetInnerHTML={{ __html: "<p>Описание</p>".repeat(300) }} />
        {later ? (
          <Suspense fallback={<p>Загрузка…</p>}>
            <Later value={later} />
          </Suspense>
        ) : null}
        {last ? (
          <Suspense fallback={<p>Ещё загрузка…</p>}>
            <Later value={last} />
          </Suspense>
        ) : null}
      </body>
    </html>
  );
}

function Later({ value }: { value: Promise<string> }) {
  return <section>{use(value)}</section>;
}

/** The page from React's Node build (what react-dom/server gives in Node). */
function nodeBuild(element: React.ReactElement, progressiveChunkSize?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString());
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, { nonce: "n0", progressiveChunkSize, onShellReady: () => pipe(sink), onShellError: reject });
  });
}

/** The page from the Bun build through our direct stream. */
async function directBuild(element: React.ReactElement): Promise<{ html: string; flushes: number }> {
  const stream = await renderToDirectStream(element, { nonce: "n0" });
  return new Promise((resolve, reject) => {
    let html = "";
    let flushes = 0;
    const sink: DirectSink = {
      write: (chunk) => ((html += String(chunk)), true),
      flush: () => void flushes++,
      end: () => resolve({ html, flushes }),
      close: () => resolve({ html, flushes }),
      error: reject,
    };
    stream.pipe(sink);
  });
}

describe("renderToDirectStream (React's Bun build, ADR 014)", () => {
  it("writes the same page as React's Node build", async () => {
    const expected = await nodeBuild(<Page />);
    const { html } = await directBuild(<Page />);
    expect(html).toBe(expected);
    expect(html).toContain("Ручка №49 &amp; «кавычки»");
  });

  it("streams a Suspense boundary that resolves after the shell as React's Node build does", async () => {
    const later = () => new Promise<string>((resolve) => setTimeout(() => resolve("Похожие товары"), 20));
    const expected = await nodeBuild(<Page later={later()} />);
    const { html, flushes } = await directBuild(<Page later={later()} />);
    expect(html).toBe(expected);
    expect(html).toContain("<section>Похожие товары</section>");
    expect(flushes).toBeGreaterThan(1);
  });

  it("streams the whole page through BatchedBody, boundaries that complete after the shell included", async () => {
    const after = (ms: number, text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), ms));
    // Two boundaries completing in two batches after the shell (the product page's strips).
    const page = () => <Page later={after(10, "С этим товаром смотрят")} last={after(40, "Похожие товары")} />;
    const expected = await nodeBuild(page());
    expect(expected).toContain("<section>Похожие товары</section>");
    const stream = await renderToDirectStream(page(), { nonce: "n0" });
    let ended = 0;
    const body = new BatchedBody(() => ended++);
    stream.pipe(body);
    const chunks: string[] = [];
    const reader = body.stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(Buffer.from(r.value).toString());
    expect(chunks.join("")).toBe(expected);
    expect(chunks.length).toBeGreaterThan(1);
    expect(ended).toBe(1);
  });

  it("writes a boundary that is complete with the shell inline, however big (no byte counting)", async () => {
    const text = "Большой блок товаров. ".repeat(2000);
    const ready = Object.assign(Promise.resolve(text), { status: "fulfilled", value: text });
    // React's Node build outlines a complete boundary past its default 12 800 bytes…
    const outlined = await nodeBuild(<Page later={ready} />);
    expect(outlined).toContain("<template");
    // …ours never does: the same page as the Node build with no size limit.
    const { html } = await directBuild(<Page later={ready} />);
    expect(html).not.toContain("<template");
    expect(html).toBe(await nodeBuild(<Page later={ready} />, Number.MAX_SAFE_INTEGER));
    expect(() => withoutByteCounting("function other() {}")).toThrow("byteLengthOfChunk");
  });

  it("rejects when the shell fails, and stops rendering when cancelled", async () => {
    function Broken(): React.ReactNode {
      throw new Error("no shell");
    }
    await expect(renderToDirectStream(<Broken />, { onError: () => {} })).rejects.toThrow("no shell");

    const never = new Promise<string>(() => {});
    const errors: unknown[] = [];
    const stream = await renderToDirectStream(<Page later={never} />, { onError: (e) => void errors.push(e) });
    let html = "";
    let ended = false;
    const done = () => void (ended = true);
    stream.pipe({ write: (c) => ((html += String(c)), true), flush: () => {}, end: done, close: done, error: done });
    // The shell is written at once; the boundary waits for a promise that never settles.
    expect(html).toContain("Загрузка…");
    stream.cancel(new Error("client went away"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors.map(String)).toEqual(["Error: client went away"]);
    expect(ended).toBe(false);
  });
});
