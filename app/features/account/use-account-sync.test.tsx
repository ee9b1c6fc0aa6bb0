// @vitest-environment jsdom
/**
 * Issue 25, item 22: a logged-in visitor's first search on a page (typed before the sync's code and
 * the server's history arrived) was written to the guest's local history. From the first render
 * of a logged-in page, and from the moment a visitor logs in, the history is the account's.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { SEARCH_HISTORY_KEY, searchHistory } from "#app/features/search/history.ts";
import { useAccountSync } from "./use-account-sync.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const root = vi.hoisted(() => ({ isAuthenticated: false }));
vi.mock("#app/lib/root-data.ts", () => ({ useRootData: () => root }));
// The sync never finishes here: the moment between hydration and the server's answer, held open.
const syncAccount = vi.hoisted(() => vi.fn(() => new Promise<void>(() => {})));
vi.mock("./account-sync.ts", () => ({ syncAccount }));

function Sync() {
  useAccountSync();
  return null;
}

const guest = JSON.stringify(["гостевой запрос"]);

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
  const history = searchHistory()!;
  history.use(history.local);
});

async function render() {
  const container = document.createElement("div");
  document.body.append(container);
  const view = createRoot(container);
  await act(async () => view.render(<Sync />));
  return view;
}

describe("useAccountSync and the search history", () => {
  it("a page of a logged-in visitor never writes a search to the guest's history", async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, guest);
    root.isAuthenticated = true;
    await render();
    searchHistory()!.add("кружка");
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBe(guest);
    expect(searchHistory()!.getSnapshot()).toEqual(["кружка"]);
  });

  it("logging in on the page moves the history off local storage at once", async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, guest);
    root.isAuthenticated = false;
    const view = await render();
    expect(searchHistory()!.getSnapshot()).toEqual(["гостевой запрос"]);
    root.isAuthenticated = true;
    await act(async () => view.render(<Sync />));
    searchHistory()!.add("ручка");
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBe(guest);
  });
});
