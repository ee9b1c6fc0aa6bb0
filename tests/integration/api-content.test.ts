/**
 * Real content of the implemented endpoints (§3, §4, §9) on a seeded database: in-memory PGlite
 * and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, inArray } from "drizzle-orm";
import { CONTACT_KEYS, endpoints, OrderInfoItem, type CategoryNode, type City, type Init } from "../../contract/index";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { categories, cities, productGroups } from "../../api/db/schema";

const STATIC_SLUGS = [
  "about", "agreement", "contacts", "delivery", "faq", "obmen-vozvrat-tovarov",
  "payment", "privacy", "public-offer", "requirements", "vacancy", "route",
];

const data = async <T>(response: Response): Promise<T> => ((await response.json()) as { data: T }).data;

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe.each(testBackends())("content on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 200 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("each city has its office: Москва its own, Россия the main host's St Petersburg office", async () => {
    const cities = endpoints.cityList.response.parse(await data(await t.get("/api/city/")));
    const [spb, msk, rus] = cities;
    expect(spb.office).toEqual({
      id: expect.any(Number),
      phone: expect.stringMatching(/^\+7 \(812\) \d{3}-\d{2}-\d{2}$/),
      email: "info@tmg-podarki.ru",
      address: { postalCode: expect.stringMatching(/^19\d{4}$/), city: "Санкт-Петербург", street: expect.any(String) },
      operationMode: expect.stringMatching(/^Пн–Пт с \d/),
      coordinates: { lat: expect.closeTo(59.93, 1), lon: expect.closeTo(30.35, 1) },
    });
    expect(rus.office).toEqual(spb.office);
    expect(msk.office).toEqual({
      id: expect.any(Number),
      phone: expect.stringMatching(/^\+7 \(495\) \d{3}-\d{2}-\d{2}$/),
      email: expect.stringMatching(/@tmg-podarki\.ru$/),
      address: { postalCode: expect.stringMatching(/^1\d{5}$/), city: "Москва", street: expect.any(String) },
      operationMode: expect.stringMatching(/^Пн–Пт с \d/),
      coordinates: { lat: expect.closeTo(55.75, 0), lon: expect.closeTo(37.6, 0) },
    });
    expect(msk.office!.address.street).not.toBe(spb.office!.address.street);
    // Ids name the offices for pickup (OrderDraft.pickupOffice).
    expect(msk.office!.id).not.toBe(spb.office!.id);
    // The init contacts stay the main (St Petersburg) office's.
    const init = await data<Init>(await t.get("/api/init/web"));
    expect(init.contacts.find((c) => c.name === "companyPhoneNumber")!.value).toBe(spb.office!.phone);
  });

  it("a city without an office answers office: null, which the contract accepts", async () => {
    await t.db.update(cities).set({ officeId: null }).where(eq(cities.id, 3));
    try {
      const list = await data<City[]>(await t.get("/api/city/"));
      expect(list[2]).toMatchObject({ id: 3, office: null });
      expect(endpoints.cityList.response.parse(list)[2].office).toBeNull();
    } finally {
      await t.db.update(cities).set({ officeId: 1 }).where(eq(cities.id, 3));
    }
  });

  it("city list keeps the §4 order: СПб, Москва (msk), Россия", async () => {
    const cities = await data<{ id: number; title: string; domainPrefix: string | null; titlePrepositional: string; titleDative: string }[]>(
      await t.get("/api/city/"),
    );
    expect(cities.map((c) => [c.id, c.title, c.domainPrefix])).toEqual([
      [1, "Санкт-Петербург", null],
      [2, "Москва", "msk"],
      [3, "Россия", null],
    ]);
    expect(cities[1].titlePrepositional).toBe("Москве");
    expect(cities[2].titleDative).toBe("России");
    // The path without the trailing slash reaches the same route.
    expect((await t.get("/api/city")).status).toBe(200);
  });

  describe("init", () => {
    let init: Init;
    beforeAll(async () => {
      init = await data<Init>(await t.get("/api/init/web"));
    });

    it("has the category tree with subtree product counts", async () => {
      const all = flatten(init.categories);
      expect(all.length).toBeGreaterThanOrEqual(40);
      expect(init.categories.map((c) => c.title)).toContain("Ручки");
      const pens = init.categories.find((c) => c.slug === "ruchki")!;
      expect(pens.children.map((c) => c.title)).toContain("Шариковые ручки");
      for (const node of all) {
        if (node.children.length) {
          expect(node.productCount).toBe(node.children.reduce((s, c) => s + c.productCount, 0));
        }
        for (const child of node.children) expect(child.parentId).toBe(node.id);
      }
      const total = init.categories.reduce((s, c) => s + c.productCount, 0);
      const [{ n }] = await t.db.select({ n: count() }).from(productGroups);
      expect(total).toBe(Number(n));
      expect(total).toBe(200);
    });

    it("lists the footer-flagged categories", async () => {
      const flagged = await t.db.select({ id: categories.id }).from(categories).where(eq(categories.showInFooter, true));
      expect(init.footerCategories.length).toBe(flagged.length);
      expect(init.footerCategories.length).toBeGreaterThan(3);
      expect(init.footerCategories[0]).toEqual({ id: expect.any(Number), title: "Ручки", slug: "ruchki" });
    });

    it("has colours, contacts with bank data and the minimal order price", () => {
      expect(init.colors.length).toBeGreaterThanOrEqual(12);
      for (const color of init.colors) expect(color.hex).toMatch(/^#[0-9a-f]{6}$/);
      const byName = new Map(init.contacts.map((c) => [c.name, c.value]));
      for (const name of Object.values(CONTACT_KEYS)) expect(byName.get(name), name).toBeTruthy();
      expect(byName.get("companyPhoneNumber")).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
      expect(JSON.parse(byName.get("officeAddress")!)).toEqual({ city: "Санкт-Петербург", street: expect.any(String), postalCode: expect.any(String) });
      expect(byName.get("coordinates")).toMatch(/^59\.9\d*,30\.3\d*$/);
      const bank = init.contacts.filter((c) => !(Object.values(CONTACT_KEYS) as string[]).includes(c.name)).map((c) => c.title);
      expect(bank).toEqual(expect.arrayContaining(["ИНН", "КПП", "ОГРН", "Р/с", "К/с", "БИК", "Банк"]));
      expect(init.minimalOrderPrice).toBe(10000);
    });

    it("has the four order-info sections as JSON block arrays pointing at real groups", async () => {
      const ids: number[] = [];
      for (const section of ["printDeadline", "minimalOrder", "paymentTypes", "deliveryInfo"] as const) {
        const blocks = OrderInfoItem.array().min(1).parse(JSON.parse(init.orderInfoBlock[section]));
        for (const block of blocks) if (block.type === "products") ids.push(...block.productGroupIds);
      }
      expect(ids.length).toBeGreaterThan(0);
      const found = await t.db.select({ id: productGroups.id }).from(productGroups).where(inArray(productGroups.id, ids));
      expect(found.length).toBe(ids.length);
    });
  });

  it("SEO entries are keyed by page path", async () => {
    const seo = await data<{ slug: string; title: string; h1: string | null }[]>(await t.get("/api/seo/list"));
    const slugs = seo.map((s) => s.slug);
    for (const slug of ["/", "/about", "/catalog", "/contacts", "/catalog/ruchki", "/catalog/kruzhki"]) expect(slugs).toContain(slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(seo.find((s) => s.slug === "/catalog/kruzhki")!.h1).toBe("Кружки с логотипом");
  });

  it("banners and the main slider point at generated pictures", async () => {
    const banners = await data<{ position: string; width: number; height: number; image: string }[]>(await t.get("/api/banner/list"));
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.every((b) => b.position === "main" && b.width > 0 && b.height > 0)).toBe(true);
    const slides = await data<{ title: string; image: string }[]>(await t.get("/api/slider/main"));
    expect(slides.length).toBeGreaterThanOrEqual(3);
    expect(slides.length).toBeLessThanOrEqual(4);
    for (const image of [...banners, ...slides].map((x) => x.image)) {
      const response = await t.get(image);
      expect(response.status, image).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    }
  });

  it.each(STATIC_SLUGS)("static page %s has Russian HTML content", async (slug) => {
    const response = await t.get(`/api/static_page/detail/${slug}`);
    expect(response.status).toBe(200);
    const page = await data<{ slug: string; title: string; content: string }>(response);
    expect(page.slug).toBe(slug);
    expect(page.title).toMatch(/[А-Яа-яЁё]/);
    expect(page.content).toMatch(/<(p|ul|h2|h3)>/);
    expect(page.content.length).toBeGreaterThan(300);
  });

  it("faq is written as questions and answers", async () => {
    const page = await data<{ content: string }>(await t.get("/api/static_page/detail/faq"));
    expect(page.content.match(/<h2>[^<]+\?<\/h2>/g)!.length).toBeGreaterThanOrEqual(4);
  });

  it("unknown static page is a 404 with the error body", async () => {
    const response = await t.get("/api/static_page/detail/missing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Страница не найдена", errors: [] });
  });

  it("unknown /api path is a Russian 404", async () => {
    const response = await t.get("/api/catalog/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Не найдено", errors: [] });
  });

  it("product pictures are deterministic, immutable SVG", async () => {
    const [group] = await t.db.select({ image: productGroups.image }).from(productGroups).where(eq(productGroups.id, 1));
    expect(group.image).toMatch(/^\/api\/media\/[a-z-]+\/1-[0-9a-f]{6}\.svg$/);
    const first = await t.get(group.image!);
    const second = await t.get(group.image!);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const body = await first.text();
    expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(body).not.toMatch(/<script/i);
    expect(await second.text()).toBe(body);
    expect((await t.get("/api/media/mug/1-zzzzzz.svg")).status).toBe(404);
    expect((await t.get("/api/media/mug/1.jpg")).status).toBe(404);
  });
});
