import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/** Postal address of an office, the shape of the officeAddress contact (§3). */
export const OfficeAddress = z.object({ postalCode: z.string(), city: z.string(), street: z.string() });
export type OfficeAddress = z.infer<typeof OfficeAddress>;

/**
 * The office that serves a city's site: the header's phone, the contacts card and the map.
 * Россия (id 3) is served from the main host, whose office is St Petersburg's (§3).
 */
export const CityOffice = z.object({
  /** The office's id: the ordering page offers the offices for pickup (OrderDraft.pickupOffice). Optional: not in §3. */
  id: z.number().int().positive().optional(),
  /** As dialled from Russia: "+7 (495) 120-48-37". */
  phone: z.string(),
  email: z.string().nullable(),
  address: OfficeAddress,
  /** Free text: "Пн–Пт с 9:00 до 18:00". */
  operationMode: z.string(),
  coordinates: z.object({ lat: z.number(), lon: z.number() }).nullable(),
});
export type CityOffice = z.infer<typeof CityOffice>;

/** City (§3): id 2 is Москва (prefix msk), id 3 Россия is the default. Three title forms. */
export const City = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Prepositional form: "в Москве" is built as `в ${titlePrepositional}`. */
  titlePrepositional: z.string(),
  /** Dative form: "по Москве". */
  titleDative: z.string(),
  domainPrefix: z.string().nullable(),
  /**
   * Not in §3, so a backend may leave it out (absent), send null, or send a malformed value,
   * which reads as no office like a malformed office address does (§8); the storefront then
   * falls back to the init contacts.
   */
  office: CityOffice.nullish().catch(null),
});
export type City = z.infer<typeof City>;

export const Color = z.object({ id: z.number().int(), title: z.string(), slug: z.string(), hex: z.string() });
export type Color = z.infer<typeof Color>;

/** A contact entry. Known names are listed in CONTACT_KEYS; every other entry is bank data (§3). */
export const Contact = z.object({ name: z.string(), title: z.string(), value: z.string() });
export type Contact = z.infer<typeof Contact>;

export { CONTACT_KEYS } from "./contact-keys.ts";

export interface CategoryNode {
  id: number;
  title: string;
  slug: string;
  parentId: number | null;
  image: string | null;
  productCount: number;
  children: CategoryNode[];
}
export const CategoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    parentId: z.number().int().nullable(),
    image: z.string().nullable(),
    productCount: z.number().int(),
    children: z.array(CategoryNode),
  }),
);

export const CategoryLink = z.object({ id: z.number().int(), title: z.string(), slug: z.string() });
export type CategoryLink = z.infer<typeof CategoryLink>;

/** Order-info block (§3): four sections, each a JSON string holding blocks. */
export const OrderInfoBlock = z.object({
  printDeadline: z.string(),
  minimalOrder: z.string(),
  paymentTypes: z.string(),
  deliveryInfo: z.string(),
});
export type OrderInfoBlock = z.infer<typeof OrderInfoBlock>;

/** One block inside an order-info section once its JSON is parsed. */
export const OrderInfoItem = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), title: z.string().optional(), html: z.string() }),
  z.object({ type: z.literal("list"), title: z.string().optional(), items: z.array(z.string()) }),
  z.object({ type: z.literal("products"), title: z.string().optional(), productGroupIds: z.array(z.number().int()) }),
]);
export type OrderInfoItem = z.infer<typeof OrderInfoItem>;

export const Init = z.object({
  colors: z.array(Color),
  contacts: z.array(Contact),
  categories: z.array(CategoryNode),
  footerCategories: z.array(CategoryLink),
  orderInfoBlock: OrderInfoBlock,
  /** §9: default 10000, overridden by this value. */
  minimalOrderPrice: z.number(),
});
export type Init = z.infer<typeof Init>;

export const SeoEntry = z.object({
  /** Page path without host, e.g. "/", "/about", "/catalog/ruchki". */
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.string().nullable(),
  h1: z.string().nullable(),
});
export type SeoEntry = z.infer<typeof SeoEntry>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  /** Where the banner is shown, e.g. "main". */
  position: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Banner = z.infer<typeof Banner>;

export const Slide = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string(),
  imageMobile: z.string().nullable(),
  link: z.string().nullable(),
  buttonText: z.string().nullable(),
});
export type Slide = z.infer<typeof Slide>;

export const StaticPage = z.object({
  slug: z.string(),
  title: z.string(),
  /** HTML from the content service; sanitised before display (§5). */
  content: z.string(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
});
export type StaticPage = z.infer<typeof StaticPage>;

export const contentEndpoints = {
  init: endpoint({
    id: "init",
    method: "GET",
    path: "/init/{x}",
    tag: "content",
    summary: "Initial app data: colours, contacts, menus, order-info blocks, minimal order price",
    timeout: "init",
    params: z.object({ x: z.string().describe('Client kind; the storefront sends "web"') }),
    response: Init,
  }),
  cityList: endpoint({
    id: "cityList",
    method: "GET",
    path: "/city/",
    tag: "content",
    summary: "City list; the second entry is Москва, the third Россия (§4)",
    timeout: "default",
    response: z.array(City),
  }),
  seoList: endpoint({
    id: "seoList",
    method: "GET",
    path: "/seo/list",
    tag: "content",
    summary: "SEO entries keyed by page slug",
    timeout: "default",
    response: z.array(SeoEntry),
  }),
  bannerList: endpoint({
    id: "bannerList",
    method: "GET",
    path: "/banner/list",
    tag: "content",
    summary: "Banners",
    timeout: "default",
    response: z.array(Banner),
  }),
  sliderMain: endpoint({
    id: "sliderMain",
    method: "GET",
    path: "/slider/main",
    tag: "content",
    summary: "Main-page slider",
    timeout: "default",
    response: z.array(Slide),
  }),
  staticPageDetail: endpoint({
    id: "staticPageDetail",
    method: "GET",
    path: "/static_page/detail/{slug}",
    tag: "content",
    summary: "Static page HTML by slug",
    timeout: "default",
    params: z.object({ slug: z.string() }),
    response: StaticPage,
  }),
};
