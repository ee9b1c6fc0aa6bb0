import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { describe, expect, it } from "vitest";
import { trackSettled } from "./settled.ts";
import { encodePlainTurboStream, encodeTurboStreamChunks, installPlainHandoff } from "./plain-handoff.server.ts";

/** What React Router's browser code makes of the text (the way it reads the page's data). */
async function decoded(text: string): Promise<unknown> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  const { value, done } = await decodeViaTurboStream(body, globalThis as unknown as Window);
  await done;
  return value;
}

describe("plain loader data as a turbo-stream (ADR 021)", () => {
  it("writes what React Router's encoder writes: indices in its order, keys before values, shared values once", () => {
    expect(encodePlainTurboStream({ a: "x", b: ["x", 1] })).toBe('[{"_1":2,"_3":4},"a","x","b",[2,5],1]\n');
    const city = { id: 3, title: "Россия" };
    expect(encodePlainTurboStream({ city, cities: [city] })).toBe('[{"_1":2,"_3":4},"city",{"_5":6,"_7":8},"cities",[2],"id",3,"title","Россия"]\n');
    expect(encodePlainTurboStream({ loaderData: {}, actionData: null, errors: undefined })).toBe('[{"_1":2,"_3":-5,"_4":-7},"loaderData",{},"actionData","errors"]\n');
    expect(encodePlainTurboStream(null)).toBe("-5\n");
    expect(encodePlainTurboStream("Подарки")).toBe('["Подарки"]\n');
  });

  it("reads back as the same data in the browser's decoder", async () => {
    // eslint-disable-next-line no-sparse-arrays -- a hole is a value of its own
    const holes = [1, , 3];
    const shared = { title: "Ручки", href: "/catalog/ruchki" };
    const data = {
      loaderData: {
        root: { city: { id: 1, domainPrefix: "msk" }, nonce: "abc==", isAuthenticated: false, minimalOrderPrice: 10000 },
        "routes/category": { json: '{"h1":"Ручки </script><!--"}', menu: [shared, shared], nothing: null, missing: undefined },
      },
      // -0 after a 0 would share its index (a Map's keys, as in React Router's encoder).
      numbers: [-0, 0, 1.5, -7, 1e21, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
      holes,
      nested: [[[]], {}, [{ deep: ["ё", "ё", true] }]],
      actionData: null,
      errors: null,
    };
    const text = encodePlainTurboStream(data);
    expect(text).toBeTypeOf("string");
    const back = (await decoded(text as string)) as typeof data;
    expect(back).toEqual(data);
    expect(Object.is(back.numbers[0], -0)).toBe(true);
    expect(1 in back.holes).toBe(false);
    expect(back.loaderData["routes/category"].menu[0]).toBe(back.loaderData["routes/category"].menu[1]);
  });

  it("writes settled deferred values as React Router does: a promise in the data, then one chunk each, by index", async () => {
    const strip = trackSettled(Promise.resolve({ title: "Смотрят сейчас", ids: [1, 2] }));
    const empty = trackSettled(Promise.resolve(null));
    const label = trackSettled(Promise.resolve("Похожие"));
    await Promise.resolve();
    expect(encodeTurboStreamChunks({ strip, empty, label })).toEqual([
      '[{"_1":2,"_3":4,"_5":6},"strip",["P",2],"empty",["P",4],"label",["P",6]]\n',
      'P2:[{"_8":9,"_10":11},"title","Смотрят сейчас","ids",[12,13],1,2]\n',
      "P4:-5\n",
      'P6:["Похожие"]\n',
    ]);
  });

  it("deferred values read back through the browser's decoder as promises of the same values", async () => {
    const strip = trackSettled(Promise.resolve({ cards: [{ id: 7, title: "Кружка" }], more: null }));
    const similar = trackSettled(Promise.resolve(["Ручка", "Кружка"]));
    await Promise.resolve();
    const chunks = encodeTurboStreamChunks({ root: { city: "Москва" }, product: { strip, similar, title: "Кружка" } });
    expect(chunks).toHaveLength(3);
    const back = (await decoded((chunks as string[]).join(""))) as { root: unknown; product: { strip: Promise<unknown>; similar: Promise<unknown>; title: string } };
    expect(back.root).toEqual({ city: "Москва" });
    expect(back.product.title).toBe("Кружка");
    expect(await back.product.strip).toEqual({ cards: [{ id: 7, title: "Кружка" }], more: null });
    expect(await back.product.similar).toEqual(["Ручка", "Кружка"]);
  });

  it("leaves pending or rejected promises, and promises inside settled values, to React Router", async () => {
    const pending = trackSettled(new Promise(() => {}));
    const rejected = trackSettled(Promise.reject(new Error("нет")));
    rejected.catch(() => {});
    const nested = trackSettled(Promise.resolve({ inner: trackSettled(Promise.resolve(1)) }));
    const untracked = Promise.resolve(1);
    const again = trackSettled(Promise.resolve("Похожие"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(encodeTurboStreamChunks({ pending })).toBeUndefined();
    expect(encodeTurboStreamChunks({ rejected })).toBeUndefined();
    expect(encodeTurboStreamChunks({ nested })).toBeUndefined();
    expect(encodeTurboStreamChunks({ untracked })).toBeUndefined();
    expect(encodeTurboStreamChunks({ title: "Похожие", again })).toBeUndefined();
    expect(encodePlainTurboStream({ label: trackSettled(Promise.resolve(1)) })).toBeUndefined();
  });

  it("leaves anything but plain data to React Router's own encoder", () => {
    class Card {
      title = "Кружка";
    }
    const notPlain: unknown[] = [
      { deferred: Promise.resolve(1) },
      { when: new Date(0) },
      { error: new Error("нет") },
      { map: new Map() },
      [new Set([1])],
      { card: new Card() },
      { [Symbol.for("redirect")]: "/", plain: true },
      { big: 1n },
      { fn: () => 1 },
      { bare: Object.create(null) },
    ];
    for (const value of notPlain) expect(encodePlainTurboStream({ loaderData: { root: value } })).toBeUndefined();
  });

  it("installs one hook for the patched React Router: a handoff for plain data, nothing otherwise", () => {
    installPlainHandoff();
    const hook = (globalThis as Record<symbol, unknown>)[Symbol.for("storefront.plainHandoff")] as (data: unknown) => unknown;
    installPlainHandoff();
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("storefront.plainHandoff")]).toBe(hook);
    expect(hook({ loaderData: { root: 1 } })).toMatchObject({ storefrontChunks: ['[{"_1":2},"loaderData",{"_3":4},"root",1]\n'] });
    expect(hook({ loaderData: { root: Promise.resolve(1) } })).toBeUndefined();
  });
});
