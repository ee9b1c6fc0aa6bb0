// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { CardListButtons } from "./list-buttons.tsx";
import { withPersonalState } from "./personal-stub.tsx";
import { ComparisonEntry, FavoritesEntry } from "./header-count.tsx";
import { ListNotice } from "./list-notice.tsx";
import { FAVORITES_LIMIT_MESSAGE, FAVORITES_STORAGE_KEY } from "../favorites/favorites.ts";
import { COMPARISON_STORAGE_KEY } from "../comparison/comparison.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

function Page() {
  return withPersonalState(
    <>
      <FavoritesEntry />
      <ComparisonEntry />
      <CardListButtons groupId={7} productId={70} />
      <ListNotice />
    </>,
  );
}

async function hydrate() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const serverHtml = container.innerHTML;
  const onRecoverableError = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Page />, { onRecoverableError });
  });
  return { container, serverHtml, onRecoverableError };
}

const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;

describe("list buttons and counters (after hydration, same server HTML for everyone)", () => {
  it("the server renders them inert and empty whatever is stored; hydration then shows the stored state without a mismatch", async () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, "[7,3]");
    localStorage.setItem(COMPARISON_STORAGE_KEY, "[70]");
    const { serverHtml, onRecoverableError } = await hydrate();
    expect(serverHtml).toContain('aria-pressed="false"');
    expect(serverHtml).toMatch(/<button[^>]*disabled/);
    expect(serverHtml).not.toContain(">2<");
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(button("В избранное").disabled).toBe(false);
    expect(button("В избранное").getAttribute("aria-pressed")).toBe("true");
    expect(button("Сравнить").getAttribute("aria-pressed")).toBe("true");
    expect(document.querySelector('[data-testid="favorites-count"]')!.textContent).toBe("2");
    expect(document.querySelector('[data-testid="comparison-count"]')!.textContent).toBe("1");
    // One pattern for the header's counters: a visible badge hidden from screen readers, the count in the link's name.
    const link = (href: string) => document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)!;
    expect(link("/favorites").getAttribute("aria-label")).toBe("Избранное, товаров: 2");
    expect(link("/comparison").getAttribute("aria-label")).toBe("Сравнение, товаров: 1");
    expect(link("/favorites").querySelector(".header__count")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("a click toggles the state, the counter and the stored list", async () => {
    await hydrate();
    const count = document.querySelector<HTMLElement>('[data-testid="favorites-count"]')!;
    expect(count.hidden).toBe(true);
    await act(async () => button("В избранное").click());
    expect(button("В избранное").getAttribute("aria-pressed")).toBe("true");
    expect(count.hidden).toBe(false);
    expect(count.textContent).toBe("1");
    expect(localStorage.getItem(FAVORITES_STORAGE_KEY)).toBe("[7]");
    await act(async () => button("В избранное").click());
    expect(button("В избранное").getAttribute("aria-pressed")).toBe("false");
    expect(localStorage.getItem(FAVORITES_STORAGE_KEY)).toBeNull();
  });

  it("a full list: the click shows the limit message in the status region", async () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(Array.from({ length: 300 }, (_, i) => i + 100)));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await hydrate();
    await act(async () => button("В избранное").click());
    expect(document.querySelector('[role="status"]')!.textContent).toContain(FAVORITES_LIMIT_MESSAGE);
    expect(warn).toHaveBeenCalledWith(FAVORITES_LIMIT_MESSAGE);
    expect(button("В избранное").getAttribute("aria-pressed")).toBe("false");
    warn.mockRestore();
  });
});
