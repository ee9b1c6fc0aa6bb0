/**
 * Product photos: a CSS scroll-snap track with thumbnail anchors, so it works without JavaScript;
 * after hydration the thumbnails scroll the track instead of jumping. The first photo is the
 * page's largest picture (eager, high priority); no photos → the default card image (§9). On touch
 * screens a swipe (§9 tolerances, app/lib/gestures.ts) moves one photo.
 */
import { useRef, useState, type MouseEvent } from "react";
import { DEFAULT_CARD_IMAGE } from "#app/features/catalog/card-view.ts";
import { useSwipe } from "#app/lib/gestures.ts";

export function Gallery({ images, title }: { images: readonly string[]; title: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const photos = images.length > 0 ? images : [DEFAULT_CARD_IMAGE];

  const show = (index: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: index * el.clientWidth, behavior: "smooth" });
    setActive(index);
  };
  useSwipe(track, { onSwipe: (step) => show(Math.min(photos.length - 1, Math.max(0, active + step))) });

  const go = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (!track.current) return;
    event.preventDefault();
    show(index);
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setActive(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <div className="gallery">
      {/* Focusable, so the photos scroll from the keyboard too. */}
      <div className="gallery__track" ref={track} onScroll={onScroll} tabIndex={0} role="region" aria-label="Фотографии товара">
        {photos.map((src, i) => (
          <div key={src + i} id={`photo-${i + 1}`} className="gallery__slide">
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
          </div>
        ))}
      </div>
      {photos.length > 1 ? (
        <nav className="gallery__thumbs" aria-label="Выбор фотографии">
          {photos.map((src, i) => (
            <a key={src + i} href={`#photo-${i + 1}`} className="gallery__thumb" aria-current={i === active ? "true" : undefined} onClick={(e) => go(e, i)}>
              <img src={src} alt={`Фото ${i + 1}`} width={72} height={72} loading="lazy" decoding="async" />
            </a>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
