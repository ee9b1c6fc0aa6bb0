// @vitest-environment jsdom
/** A logged-in visitor's search history in the header (ADR 034): rollback on a refused removal, clear after the server agreed. */
import { describe, expect, it, vi } from "vitest";
import { SEARCH_HISTORY_KEY, searchHistory } from "./history.ts";
import { createServerHistory, HISTORY_CHANGE_FAILED, startServerHistory, stopServerHistory, type FetchLike } from "./server-history.ts";

function server(answer: (form: URLSearchParams) => { status: number; body: unknown }) {
  const posted: URLSearchParams[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const fetchImpl: FetchLike = async (_url, init) => {
    const form = new URLSearchParams(String(init?.body));
    posted.push(form);
    await gate;
    const { status, body } = answer(form);
    return new Response(JSON.stringify(body), { status });
  };
  return { fetchImpl, posted, release };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("server search history", () => {
  it("a removal shows at once and is sent by its text", async () => {
    const s = server(() => ({ status: 200, body: { ok: true, history: ["кружки"] } }));
    const history = createServerHistory(["ручки", "кружки"], s.fetchImpl, vi.fn());
    history.remove("ручки");
    expect(history.getSnapshot()).toEqual(["кружки"]);
    s.release();
    await flush();
    expect(s.posted[0]!.toString()).toBe("intent=delete&text=%D1%80%D1%83%D1%87%D0%BA%D0%B8");
    expect(history.getSnapshot()).toEqual(["кружки"]);
  });

  it("a refused removal comes back where it was, with the message", async () => {
    const notify = vi.fn();
    const s = server(() => ({ status: 502, body: { ok: false, message: "Что-то пошло не так" } }));
    const history = createServerHistory(["ручки", "кружки", "блокноты"], s.fetchImpl, notify);
    history.remove("кружки");
    s.release();
    await flush();
    await flush();
    expect(history.getSnapshot()).toEqual(["ручки", "кружки", "блокноты"]);
    expect(notify).toHaveBeenCalledWith("Что-то пошло не так");
  });

  it("clear empties the list only once the server agreed (§4)", async () => {
    const ok = server(() => ({ status: 200, body: { ok: true, history: [] } }));
    const history = createServerHistory(["ручки"], ok.fetchImpl, vi.fn());
    history.clear();
    expect(history.getSnapshot()).toEqual(["ручки"]);
    ok.release();
    await flush();
    await flush();
    expect(history.getSnapshot()).toEqual([]);

    const notify = vi.fn();
    const refused = server(() => ({ status: 200, body: "<html>" }));
    const kept = createServerHistory(["ручки"], refused.fetchImpl, notify);
    kept.clear();
    refused.release();
    await flush();
    await flush();
    expect(kept.getSnapshot()).toEqual(["ручки"]);
    expect(notify).toHaveBeenCalledWith(HISTORY_CHANGE_FAILED);
  });
});

describe("logging in (issue 25, item 22)", () => {
  it("a query searched while the account's history loads never lands in the guest's local storage", async () => {
    const guest = JSON.stringify(["гостевой запрос"]);
    localStorage.setItem(SEARCH_HISTORY_KEY, guest);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const fetchImpl: FetchLike = async () => {
      await gate;
      return new Response(JSON.stringify({ ok: true, history: ["ручка"] }), { status: 200 });
    };
    const history = searchHistory()!;
    const loaded = startServerHistory(fetchImpl);
    // The search page records its query before the server's history arrived.
    history.add("кружка");
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBe(guest);
    expect(history.getSnapshot()).toEqual(["кружка"]);
    release();
    await loaded;
    expect(history.getSnapshot()).toEqual(["кружка", "ручка"]);
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBe(guest);
    // Logged out: the guest's own history again.
    stopServerHistory();
    expect(history.getSnapshot()).toEqual(["гостевой запрос"]);
  });
});
