// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createLocalStores, PersonalContext, type PersonalContextValue } from "#app/features/shopping/personal-state.tsx";
import { useViewedProducts } from "./use-viewed.ts";
import { VIEWED_STORAGE_KEY } from "./viewed.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Viewed({ viewing }: { viewing?: number }) {
  const { ids, add } = useViewedProducts();
  useEffect(() => {
    if (viewing) add(viewing);
  }, [viewing, add]);
  return <p>{ids.length ? ids.join(",") : "none"}</p>;
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

/** The root's provider, reduced to what the viewed list reads: the page's local stores (none on the server). */
function WithStores({ local, children }: { local: PersonalContextValue["local"]; children: React.ReactNode }) {
  return <PersonalContext.Provider value={{ local } as PersonalContextValue}>{children}</PersonalContext.Provider>;
}

async function hydrate(viewed: React.ReactElement) {
  const element = <WithStores local={createLocalStores(() => localStorage, window)}>{viewed}</WithStores>;
  const container = document.createElement("div");
  container.innerHTML = renderToString(<WithStores local={null}>{viewed}</WithStores>);
  document.body.append(container);
  const serverHtml = container.innerHTML;
  const onRecoverableError = vi.fn();
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError });
  });
  return { container, serverHtml, onRecoverableError };
}

describe("useViewedProducts (§4, after hydration)", () => {
  it("renders the empty list on the server and while hydrating, then the stored ids, without a mismatch", async () => {
    localStorage.setItem(VIEWED_STORAGE_KEY, "[7,5]");
    const { container, serverHtml, onRecoverableError } = await hydrate(<Viewed />);
    expect(serverHtml).toBe("<p>none</p>");
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toBe("7,5");
  });

  it("add writes localStorage and re-renders", async () => {
    localStorage.setItem(VIEWED_STORAGE_KEY, "[5]");
    const { container } = await hydrate(<Viewed viewing={8} />);
    expect(localStorage.getItem(VIEWED_STORAGE_KEY)).toBe("[8,5]");
    expect(container.textContent).toBe("8,5");
  });

  it("follows another tab's write through the storage event", async () => {
    const { container } = await hydrate(<Viewed />);
    expect(container.textContent).toBe("none");
    await act(async () => {
      localStorage.setItem(VIEWED_STORAGE_KEY, "[42]");
      window.dispatchEvent(new StorageEvent("storage", { key: VIEWED_STORAGE_KEY }));
    });
    expect(container.textContent).toBe("42");
  });

  it("keeps no store between pages: each provider reads localStorage afresh", async () => {
    localStorage.setItem(VIEWED_STORAGE_KEY, "[1]");
    const first = await hydrate(<Viewed />);
    expect(first.container.textContent).toBe("1");
    localStorage.setItem(VIEWED_STORAGE_KEY, "[2]");
    const second = await hydrate(<Viewed />);
    expect(second.container.textContent).toBe("2");
  });

  it("is empty outside the provider (nothing personal outside the page's stores)", async () => {
    localStorage.setItem(VIEWED_STORAGE_KEY, "[9]");
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<Viewed />);
    });
    expect(container.textContent).toBe("none");
  });
});
