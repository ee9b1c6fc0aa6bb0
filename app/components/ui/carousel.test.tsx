// @vitest-environment jsdom
/**
 * The one carousel of the hero slider and the product gallery (ADR 047): without JavaScript a
 * scroll-snap list of slides with in-page links (Russian labels); with it the links, the arrow
 * keys and a swipe (§9 tolerances) move one slide — round for the hero, stopping for the gallery.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { Carousel, stepTo, type CarouselProps } from "./carousel.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const items = ["a", "b", "c"];
const props = (patch: Partial<CarouselProps<string>> = {}): CarouselProps<string> => ({
  items,
  block: "slider",
  label: "Главные предложения",
  slideId: (item) => `slide-${item}`,
  itemKey: (item) => item,
  renderSlide: (item) => <p>{item}</p>,
  picker: { label: "Слайды", kind: "dot", itemLabel: (i) => `Слайд ${i + 1}` },
  ...patch,
});

describe("stepTo", () => {
  it("round for a looping carousel, stopping at the ends otherwise", () => {
    expect(stepTo(2, 1, 3, true)).toBe(0);
    expect(stepTo(0, -1, 3, true)).toBe(2);
    expect(stepTo(2, 1, 3, false)).toBeNull();
    expect(stepTo(0, -1, 3, false)).toBeNull();
    expect(stepTo(1, 1, 3, false)).toBe(2);
    expect(stepTo(0, 1, 1, true)).toBeNull();
  });
});

describe("without JavaScript", () => {
  it("is a list of slides with ids, and the dots and arrows are links to them with Russian labels", () => {
    const html = renderToStaticMarkup(<Carousel {...props({ loop: true, arrows: true })} />);
    expect(html).toContain('aria-roledescription="карусель" aria-label="Главные предложения"');
    expect(html).toContain('id="slide-a" class="carousel__slide slider__slide" role="group" aria-roledescription="слайд" aria-label="1 из 3"');
    expect(html).toContain('<nav class="slider__dots" aria-label="Слайды">');
    expect(html).toContain('href="#slide-b" class="slider__dot" aria-label="Слайд 2"');
    // The first slide's "previous" goes round to the last one.
    expect(html).toMatch(/class="slider__arrow slider__arrow--prev" href="#slide-c" aria-label="Предыдущий слайд"/);
    expect(html).toContain('aria-label="Следующий слайд"');
  });

  it("a gallery stops at its ends, its thumbnails are the host's; one slide has no picker", () => {
    const gallery = renderToStaticMarkup(
      <Carousel {...props({ block: "gallery", arrows: true, picker: { label: "Выбор фотографии", kind: "thumb", renderItem: (item) => <img alt={`Фото ${item}`} /> } })} />,
    );
    expect(gallery).not.toMatch(/gallery__arrow--prev" href="#slide-c"/);
    expect(gallery).toContain('class="gallery__thumb"');
    expect(gallery).toContain('alt="Фото b"');
    const one = renderToStaticMarkup(<Carousel {...props({ items: ["a"], arrows: true })} />);
    expect(one).not.toContain("<nav");
    expect(one).not.toContain("slider__arrow");
    expect(renderToStaticMarkup(<Carousel {...props({ items: [] })} />)).toBe("");
  });
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

async function mount(patch: Partial<CarouselProps<string>> = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(<Carousel {...props(patch)} />);
  });
  const track = container.querySelector<HTMLDivElement>(".carousel__track")!;
  Object.defineProperty(track, "clientWidth", { value: 500 });
  const scrollTo = vi.fn();
  track.scrollTo = scrollTo as unknown as typeof track.scrollTo;
  const current = () => container.querySelector('.slider__dot[aria-current="true"]')?.getAttribute("aria-label");
  return { container, track, scrollTo, current };
}

const pointer = (type: string, clientX: number) =>
  Object.assign(new Event(type, { bubbles: true }), { pointerType: "touch", isPrimary: true, pointerId: 1, clientX, clientY: 100 });

describe("with JavaScript", () => {
  it("a dot scrolls the track to its slide instead of jumping", async () => {
    const { container, scrollTo, current } = await mount({ loop: true });
    const dot = container.querySelectorAll<HTMLAnchorElement>(".slider__dot")[2]!;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => dot.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 1000, behavior: "smooth" });
    expect(current()).toBe("Слайд 3");
  });

  it("the focused track follows the arrow keys, Home and End", async () => {
    const { track, scrollTo, current } = await mount({ loop: true });
    expect(track.tabIndex).toBe(0);
    const key = async (k: string) => act(async () => track.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true })));
    await key("ArrowRight");
    expect(current()).toBe("Слайд 2");
    await key("End");
    expect(current()).toBe("Слайд 3");
    await key("ArrowRight");
    expect(current()).toBe("Слайд 1");
    await key("ArrowLeft");
    expect(current()).toBe("Слайд 3");
    await key("Home");
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: "smooth" });
  });

  it("a swipe beyond 30 px moves one slide, a slip does not; a gallery stops at its end", async () => {
    const { track, current } = await mount();
    expect(track.dataset.swipe).toBe("");
    const swipe = async (dx: number) =>
      act(async () => {
        track.dispatchEvent(pointer("pointerdown", 300));
        track.dispatchEvent(pointer("pointerup", 300 + dx));
      });
    await swipe(-20);
    expect(current()).toBe("Слайд 1");
    await swipe(-45);
    expect(current()).toBe("Слайд 2");
    await swipe(-45);
    await swipe(-45);
    expect(current()).toBe("Слайд 3");
    await swipe(60);
    expect(current()).toBe("Слайд 2");
  });

  it("scrolling by hand (a mouse wheel, a scrollbar) moves the current dot", async () => {
    const { track, current } = await mount();
    Object.defineProperty(track, "scrollLeft", { value: 1000, configurable: true });
    await act(async () => track.dispatchEvent(new Event("scroll")));
    expect(current()).toBe("Слайд 3");
  });
});
