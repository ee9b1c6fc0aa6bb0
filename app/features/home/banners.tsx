import type { Banner } from "#contract/content.ts";
import { AppLink } from "#app/lib/navigation.tsx";

/**
 * Home banners (banner/list, position "main"): links with the banner's own size, so nothing shifts.
 * Links from the content service follow §8: a link to another site is shown, not followed.
 */
export function Banners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="home-banners" aria-label="Акции и подборки">
      {banners.map((banner) => (
        <AppLink key={banner.id} className="home-banners__item" to={banner.link} style={{ aspectRatio: `${banner.width} / ${banner.height}`, gridColumn: banner.width > 900 ? "1 / -1" : undefined }}>
          <img src={banner.image} alt={banner.title} width={banner.width} height={banner.height} loading="lazy" decoding="async" />
          <span className="home-banners__title">{banner.title}</span>
        </AppLink>
      ))}
    </section>
  );
}
