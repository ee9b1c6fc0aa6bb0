/**
 * The main slider (slider/main), in the shared carousel (app/components/ui/carousel.tsx): a
 * scroll-snap track that works without JavaScript, arrows on every slide, dots under it; a swipe
 * or an arrow key moves one slide, wrapping around at either end. The first slide is the page's
 * largest picture: eager with high fetch priority; the others load lazily.
 */
import type { Slide } from "#contract/content.ts";
import { Carousel } from "#app/components/ui/carousel.tsx";
import { AppLink } from "#app/lib/navigation.tsx";

const slideId = (slide: Slide) => `slide-${slide.id}`;

export function MainSlider({ slides }: { slides: Slide[] }) {
  return (
    <Carousel<Slide>
      items={slides}
      block="slider"
      label="Главные предложения"
      slideId={slideId}
      itemKey={(slide) => String(slide.id)}
      loop
      arrows
      picker={{ label: "Слайды", kind: "dot", itemLabel: (i) => `Слайд ${i + 1}` }}
      renderSlide={(slide, i) => (
        <>
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
        </>
      )}
    />
  );
}
