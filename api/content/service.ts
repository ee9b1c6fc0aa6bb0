/**
 * Site-wide content (§3 "Initial app data", §7 "Init and content"): init, cities, SEO,
 * banners, slider and static pages.
 */
import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_MINIMAL_ORDER_PRICE, type Banner, type City, type CityOffice, type Init, type OrderInfoBlock, type SeoEntry, type Slide, type StaticPage } from "../../contract/index";
import { loadCategoryTree } from "../catalog/categories";
import type { Db } from "../db/client";
import { banners, cities, colors, contacts, offices, orderInfoBlocks, seo, settings, slides, staticPages } from "../db/schema";
import { notFound } from "../http/errors";

/** §9: used when the setting is missing (one value, contract/ordering-rules.ts). */
export { DEFAULT_MINIMAL_ORDER_PRICE };

const ORDER_INFO_SECTIONS = ["printDeadline", "minimalOrder", "paymentTypes", "deliveryInfo"] as const;

function cityOffice(row: typeof offices.$inferSelect): CityOffice {
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    address: { postalCode: row.postalCode, city: row.city, street: row.street },
    operationMode: row.operationMode,
    // A point needs both halves.
    coordinates: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
  };
}

export function createContentService(db: Db) {
  return {
    async init(): Promise<Init> {
      const [tree, colorRows, contactRows, infoRows, minimal] = await Promise.all([
        loadCategoryTree(db),
        db.select({ id: colors.id, title: colors.title, slug: colors.slug, hex: colors.hex }).from(colors).orderBy(asc(colors.sort), asc(colors.id)),
        db.select({ name: contacts.name, title: contacts.title, value: contacts.value }).from(contacts).orderBy(asc(contacts.sort), asc(contacts.id)),
        db.select().from(orderInfoBlocks),
        db.select({ value: settings.value }).from(settings).where(eq(settings.key, "minimalOrderPrice")),
      ]);
      // A missing section is an empty string, which the storefront reads as an empty block (§8).
      const sections = new Map(infoRows.map((r) => [r.section, r.content]));
      const orderInfoBlock = Object.fromEntries(ORDER_INFO_SECTIONS.map((s) => [s, sections.get(s) ?? ""])) as OrderInfoBlock;
      const minimalOrderPrice = Number(minimal[0]?.value);
      return {
        colors: colorRows,
        contacts: contactRows,
        categories: tree.roots,
        footerCategories: tree.footer,
        orderInfoBlock,
        minimalOrderPrice: Number.isFinite(minimalOrderPrice) ? minimalOrderPrice : DEFAULT_MINIMAL_ORDER_PRICE,
      };
    },

    /** Order matters: §4 takes the 2nd entry for the Moscow host and the 3rd as the default. */
    async cities(): Promise<City[]> {
      const rows = await db
        .select({
          id: cities.id,
          title: cities.title,
          titlePrepositional: cities.titlePrepositional,
          titleDative: cities.titleDative,
          domainPrefix: cities.domainPrefix,
          office: offices,
        })
        .from(cities)
        .leftJoin(offices, eq(offices.id, cities.officeId))
        .orderBy(asc(cities.sort), asc(cities.id));
      return rows.map(({ office, ...city }) => ({ ...city, office: office && cityOffice(office) }));
    },

    seo(): Promise<SeoEntry[]> {
      return db
        .select({ slug: seo.slug, title: seo.title, description: seo.description, keywords: seo.keywords, h1: seo.h1 })
        .from(seo)
        .orderBy(asc(seo.slug));
    },

    banners(): Promise<Banner[]> {
      return db
        .select({
          id: banners.id,
          title: banners.title,
          image: banners.image,
          link: banners.link,
          position: banners.position,
          width: banners.width,
          height: banners.height,
        })
        .from(banners)
        .where(eq(banners.isActive, true))
        .orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));
    },

    slider(name: string): Promise<Slide[]> {
      return db
        .select({
          id: slides.id,
          title: slides.title,
          subtitle: slides.subtitle,
          image: slides.image,
          imageMobile: slides.imageMobile,
          link: slides.link,
          buttonText: slides.buttonText,
        })
        .from(slides)
        .where(and(eq(slides.slider, name), eq(slides.isActive, true)))
        .orderBy(asc(slides.sort), asc(slides.id));
    },

    async staticPage(slug: string): Promise<StaticPage> {
      const [page] = await db
        .select({
          slug: staticPages.slug,
          title: staticPages.title,
          content: staticPages.content,
          seoTitle: staticPages.seoTitle,
          seoDescription: staticPages.seoDescription,
        })
        .from(staticPages)
        .where(eq(staticPages.slug, slug))
        .limit(1);
      if (!page) throw notFound("Страница не найдена");
      return page;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
