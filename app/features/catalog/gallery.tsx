/**
 * Product photos, in the shared carousel (app/components/ui/carousel.tsx): a scroll-snap track
 * with thumbnail links that works without JavaScript; a swipe or an arrow key moves one photo,
 * stopping at the ends. The first photo is the page's largest picture (eager, high priority); no
 * photos → the default card image (§9).
 */
import { DEFAULT_CARD_IMAGE } from "#app/features/catalog/card-view.ts";
import { Carousel } from "#app/components/ui/carousel.tsx";

export function Gallery({ images, title }: { images: readonly string[]; title: string }) {
  const photos = images.length > 0 ? images : [DEFAULT_CARD_IMAGE];
  return (
    <Carousel
      items={photos}
      block="gallery"
      label="Фотографии товара"
      slideId={(_, i) => `photo-${i + 1}`}
      itemKey={(src, i) => src + i}
      picker={{
        label: "Выбор фотографии",
        kind: "thumb",
        renderItem: (src, i) => <img src={src} alt={`Фото ${i + 1}`} width={72} height={72} loading="lazy" decoding="async" />,
      }}
      renderSlide={(src, i) => (
        <img
          className="gallery__image"
          src={src}
          alt={i === 0 ? title : `${title}, фото ${i + 1}`}
          width={600}
          height={600}
          loading={i === 0 ? "eager" : "lazy"}
          fetchPriority={i === 0 ? "high" : "auto"}
          decoding={i === 0 ? "sync" : "async"}
        />
      )}
    />
  );
}
