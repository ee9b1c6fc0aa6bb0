/**
 * One carousel for the home page's hero slider and the product gallery (ADR 047). Without
 * JavaScript it is a CSS scroll-snap list: every slide has an id, and the picker (dots or
 * thumbnails) and the arrows are in-page links to slides, so they work as they are. After
 * hydration the same links scroll the track smoothly instead of jumping (and leave the URL alone),
 * the track follows the arrow keys, Home and End when focused, and a swipe on a touch screen (§9
 * tolerances, app/lib/gestures.ts) moves one slide. The slides' size comes from the host's CSS
 * (an aspect ratio), so nothing moves when the script arrives. Labels are the host's, in Russian.
 */
import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useSwipe } from "#app/lib/gestures.ts";

export interface CarouselPicker<T> {
  /** The picker's name for assistive technology ("Слайды", "Выбор фотографии"). */
  label: string;
  /** Dots ("{block}__dots" of "{block}__dot") or thumbnails ("{block}__thumbs" of "{block}__thumb"). */
  kind: "dot" | "thumb";
  /** A link's label when it has no content of its own (a dot): "Слайд 2". */
  itemLabel?(index: number): string;
  /** A link's content (a thumbnail, whose alt text names the link). */
  renderItem?(item: T, index: number): ReactNode;
}

export interface CarouselProps<T> {
  items: readonly T[];
  /** The host's BEM block ("slider", "gallery"): its look is "{block}", "{block}__track", "{block}__slide"… */
  block: string;
  /** What the carousel shows ("Главные предложения", "Фотографии товара"). */
  label: string;
  /** Each slide's element id: what the links without JavaScript go to. */
  slideId(item: T, index: number): string;
  /** A stable React key of an item. */
  itemKey(item: T, index: number): string;
  renderSlide(item: T, index: number): ReactNode;
  picker: CarouselPicker<T>;
  /** Past the last slide comes the first (the hero); otherwise a swipe or a key stops at the ends. */
  loop?: boolean;
  /** "Предыдущий слайд" / "Следующий слайд" links on every slide. */
  arrows?: boolean;
}

/** The slide a step leads to from `index` of `count`, round or stopping at the ends; null for none. */
export function stepTo(index: number, step: number, count: number, loop: boolean): number | null {
  if (count <= 1) return null;
  const next = index + step;
  if (loop) return ((next % count) + count) % count;
  return next < 0 || next >= count ? null : next;
}

export function Carousel<T>({ items, block, label, slideId, itemKey, renderSlide, picker, loop = false, arrows = false }: CarouselProps<T>) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const count = items.length;

  const show = (index: number) => {
    const el = track.current;
    if (!el) return;
    const still = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ left: index * el.clientWidth, behavior: still ? "instant" : "smooth" });
    setActive(index);
  };
  const step = (by: -1 | 1) => {
    const next = stepTo(active, by, count, loop);
    if (next !== null) show(next);
  };
  useSwipe(track, { onSwipe: step });
  if (count === 0) return null;

  // The links work without JavaScript; with it they scroll instead of jumping.
  const go = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (!track.current) return;
    event.preventDefault();
    show(index);
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setActive(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const index = { ArrowLeft: stepTo(active, -1, count, loop), ArrowRight: stepTo(active, 1, count, loop), Home: 0, End: count - 1 }[event.key];
    if (index === undefined) return;
    event.preventDefault();
    if (index !== null && count > 1) show(index);
  };
  const several = count > 1;
  const link = (index: number) => `#${slideId(items[index] as T, index)}`;
  const arrow = (index: number, direction: "prev" | "next") => {
    const to = stepTo(index, direction === "prev" ? -1 : 1, count, loop);
    if (to === null) return null;
    return (
      <a
        className={`${block}__arrow ${block}__arrow--${direction}`}
        href={link(to)}
        aria-label={direction === "prev" ? "Предыдущий слайд" : "Следующий слайд"}
        onClick={(e) => go(e, to)}
      >
        {direction === "prev" ? "‹" : "›"}
      </a>
    );
  };

  return (
    <section className={`carousel ${block}`} aria-roledescription="карусель" aria-label={label}>
      {/* Focusable: the arrow keys, Home and End move the slides. */}
      <div className={`carousel__track ${block}__track`} ref={track} onScroll={onScroll} onKeyDown={onKeyDown} tabIndex={0}>
        {items.map((item, i) => (
          <div
            key={itemKey(item, i)}
            id={slideId(item, i)}
            className={`carousel__slide ${block}__slide`}
            role="group"
            aria-roledescription="слайд"
            aria-label={`${i + 1} из ${count}`}
          >
            {renderSlide(item, i)}
            {arrows && several ? (
              <>
                {arrow(i, "prev")}
                {arrow(i, "next")}
              </>
            ) : null}
          </div>
        ))}
      </div>
      {several ? (
        <nav className={`${block}__${picker.kind}s`} aria-label={picker.label}>
          {items.map((item, i) => (
            <a
              key={itemKey(item, i)}
              href={link(i)}
              className={`${block}__${picker.kind}`}
              aria-label={picker.itemLabel?.(i)}
              aria-current={i === active ? "true" : undefined}
              onClick={(e) => go(e, i)}
            >
              {picker.renderItem?.(item, i)}
            </a>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
