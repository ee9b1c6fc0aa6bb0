/**
 * The main slider (slider/main). Without JavaScript it is a CSS scroll-snap track: every slide has
 * an id, and the dots and arrows are anchors to slides. After hydration the same anchors scroll the
 * track smoothly instead of jumping (and leave the URL alone). The first slide is the page's
 * largest picture: eager with high fetch priority; the others load lazily. On touch screens a swipe
 * (§9 tolerances, app/lib/gestures.ts) moves one slide, wrapping around at either end.
 */
import { useRef, useState, type MouseEvent } from "react";
import type { Slide } from "#contract/content.ts";
import { useSwipe } from "#app/lib/gestures.ts";
import { AppLink } from "#app/lib/navigation.tsx";

const slideId = (slide: Pick<Slide, "id">) => `slide-${slide.id}`;

export function MainSlider({ slides }: { slides: Slide[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const show = (index: number) => {
    const el = track.current;
    if (el) el.scrollTo({ left: index * el.clientWidth, behavior: "smooth" });
  };
  useSwipe(track, { onSwipe: (step) => show((active + step + slides.length) % slides.length) });
  if (slides.length === 0) return null;

  const go = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (!track.current) return;
    event.preventDefault();
    show(index);
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setActive(Math.round(el.scrollLeft / el.clientWidth));
  };
  const last = slides.length - 1;

  return (
    <section className="slider" aria-roledescription="carousel" aria-label="Главные предложения">
      <div className="slider__track" ref={track} onScroll={onScroll}>
        {slides.map((slide, i) => (
          <div key={slide.id} id={slideId(slide)} className="slider__slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} из ${slides.length}`}>
            <picture>
              {slide.imageMobile ? <source media="(max-width: 767px)" srcSet={slide.imageMobile} width={750} height={750} /> : null}
              <img
                className="slider__image"
                src={slide.image}
                alt=""
                width={1920}
                height={600}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "auto"}
                decoding={i === 0 ? "sync" : "async"}
              />
            </picture>
            <div className="slider__caption">
              <p className="slider__title">{slide.title}</p>
              {slide.subtitle ? <p className="slider__subtitle">{slide.subtitle}</p> : null}
              {slide.link ? (
                <AppLink className="button button--primary" to={slide.link}>
                  {slide.buttonText || "Подробнее"}
                </AppLink>
              ) : null}
            </div>
            {slides.length > 1 ? (
              <>
                <a className="slider__arrow slider__arrow--prev" href={`#${slideId(slides[i === 0 ? last : i - 1])}`} aria-label="Предыдущий слайд" onClick={(e) => go(e, i === 0 ? last : i - 1)}>
                  ‹
                </a>
                <a className="slider__arrow slider__arrow--next" href={`#${slideId(slides[i === last ? 0 : i + 1])}`} aria-label="Следующий слайд" onClick={(e) => go(e, i === last ? 0 : i + 1)}>
                  ›
                </a>
              </>
            ) : null}
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <nav className="slider__dots" aria-label="Слайды">
          {slides.map((slide, i) => (
            <a
              key={slide.id}
              href={`#${slideId(slide)}`}
              className="slider__dot"
              aria-label={`Слайд ${i + 1}`}
              aria-current={i === active ? "true" : undefined}
              onClick={(e) => go(e, i)}
            />
          ))}
        </nav>
      ) : null}
    </section>
  );
}
