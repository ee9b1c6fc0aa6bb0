import { Suspense, use } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { trackSettled } from "./settled.ts";

function Strip({ items }: { items: Promise<string[]> }) {
  return <p>{use(items).join(", ")}</p>;
}

const page = (items: Promise<string[]>) =>
  renderToString(
    <Suspense fallback={<i>loading</i>}>
      <Strip items={items} />
    </Suspense>,
  );

describe("trackSettled", () => {
  it("marks the promise when it settles, with its value or reason", async () => {
    const ok = trackSettled(Promise.resolve([1]));
    expect((ok as unknown as { status: string }).status).toBe("pending");
    await ok;
    expect(ok).toMatchObject({ status: "fulfilled", value: [1] });
    const failed = trackSettled(Promise.reject(new Error("нет")));
    await failed.catch(() => {});
    expect(failed).toMatchObject({ status: "rejected", reason: new Error("нет") });
  });

  it("lets a render that starts after the data arrived show it in place instead of a fallback", async () => {
    const plain = Promise.resolve(["Ручка", "Кружка"]);
    await plain;
    expect(page(plain)).toContain("loading");
    const tracked = trackSettled(Promise.resolve(["Ручка", "Кружка"]));
    await tracked;
    expect(page(tracked)).toContain("<p>Ручка, Кружка</p>");
  });

  it("leaves a promise that is still pending to Suspense", () => {
    expect(page(trackSettled(new Promise<string[]>(() => {})))).toContain("loading");
  });
});
