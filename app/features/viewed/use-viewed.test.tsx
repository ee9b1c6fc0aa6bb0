// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
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

async function hydrate(element: React.ReactElement) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
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
});
