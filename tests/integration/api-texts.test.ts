/**
 * What a shopper reads in the seeded data (issue 16 §3): one brand (ТМГ) everywhere, requisites
 * that pass the standard checksums, no placeholder phones or e-mails, and texts that read right
 * on every regional site: SEO entries and category descriptions name the city only through the
 * contract's city tokens. In-memory PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { fillCityTokens, type City, type SeoEntry, type StaticPage } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

const data = async <T>(response: Response): Promise<T> => ((await response.json()) as { data: T }).data;

// ── Russian requisite checksums (the ФНС and Банк России algorithms) ─────────────────────────
const digits = (value: string) => [...value].map(Number);
const weighted = (value: string, weights: number[]) => digits(value).reduce((sum, d, i) => sum + d * weights[i]!, 0);

function innValid(inn: string): boolean {
  if (!/^\d{10}$/.test(inn)) return false;
  return (weighted(inn.slice(0, 9), [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === Number(inn[9]);
}
function ogrnValid(ogrn: string): boolean {
  if (!/^\d{13}$/.test(ogrn)) return false;
  return Number((BigInt(ogrn.slice(0, 12)) % 11n) % 10n) === Number(ogrn[12]);
}
/** КПП has no check digit: 4 digits of the tax office, 2 of the reason, 3 of the number. */
const kppValid = (kpp: string, inn: string) => /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp) && kpp.slice(0, 4) === inn.slice(0, 4);
function accountValid(key: string, account: string): boolean {
  if (!/^\d{20}$/.test(account)) return false;
  const weights = [7, 1, 3];
  return digits(key + account).reduce((sum, d, i) => sum + ((d * weights[i % 3]!) % 10), 0) % 10 === 0;
}
/** Settlement account: keyed by the БИК's last three digits; correspondent: by "0" and its 5th–6th. */
const checkingValid = (bik: string, account: string) => accountValid(bik.slice(6), account);
const correspondentValid = (bik: string, account: string) => accountValid(`0${bik.slice(4, 6)}`, account);

describe("requisite checksums", () => {
  it("accept the published test values and reject a changed digit", () => {
    expect(innValid("7707083893")).toBe(true);
    expect(innValid("7707083894")).toBe(false);
    expect(ogrnValid("1027700132195")).toBe(true);
    expect(ogrnValid("1027700132196")).toBe(false);
    expect(correspondentValid("044525225", "30101810400000000225")).toBe(true);
    expect(correspondentValid("044525225", "30101810400000000226")).toBe(false);
    expect(checkingValid("044525225", "40702810000000000000")).toBe(false);
  });
});

describe.each(testBackends())("seeded texts on $name", (backend) => {
  let t: TestApi;
  let texts: { source: string; text: string }[];
  let seo: SeoEntry[];
  let cityList: City[];
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 200 });
    texts = await queryRows<{ source: string; text: string }>(
      t.db,
      sql`SELECT 'contacts.' || name AS source, value AS text FROM contacts
          UNION ALL SELECT 'offices.' || id, concat_ws(' ', phone, email, postal_code, city, street, operation_mode) FROM offices
          UNION ALL SELECT 'static_pages.' || slug, concat_ws(' ', title, content, seo_title, seo_description) FROM static_pages
          UNION ALL SELECT 'seo.' || slug, concat_ws(' ', title, description, keywords, h1) FROM seo
          UNION ALL SELECT 'posts.' || id, concat_ws(' ', title, preview, content) FROM posts
          UNION ALL SELECT 'categories.' || slug, description FROM categories
          UNION ALL SELECT 'brands.' || slug, description FROM brands
          UNION ALL SELECT 'order_info_blocks.' || section, content FROM order_info_blocks
          UNION ALL SELECT 'slides.' || id, concat_ws(' ', title, subtitle, button_text) FROM slides
          UNION ALL SELECT 'banners.' || id, title FROM banners
          UNION ALL SELECT 'coatings.' || slug, concat_ws(' ', title, preview, description) FROM coatings
          UNION ALL SELECT 'legal_companies.' || id, concat_ws(' ', short_title, inn, kpp, ogrn, bik, bank_title, checking_account,
                    correspondent_account, signer_full_name, signer_position, address) FROM legal_companies
          UNION ALL SELECT 'product_groups.' || id, concat_ws(' ', title, description) FROM product_groups`,
    );
    seo = await data<SeoEntry[]>(await t.get("/api/seo/list"));
    cityList = await data<City[]>(await t.get("/api/city/"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reads every content table", () => {
    const tables = new Set(texts.map((x) => x.source.split(".")[0]));
    expect(tables.size).toBe(13);
    expect(texts.length).toBeGreaterThan(300);
  });

  it("names one brand, ТМГ, with no placeholder company, bank, phone or e-mail", () => {
    for (const { source, text } of texts) {
      expect(text, source).not.toMatch(/Промо Подарки|promo-podarki|example|Демо|Иванов Иван|000-00-00|\(000\)/i);
      for (const email of text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []) expect(email, source).toMatch(/@tmg-podarki\.ru$/);
    }
    const contacts = new Map(texts.filter((x) => x.source.startsWith("contacts.")).map((x) => [x.source.slice(9), x.text]));
    expect(contacts.get("companyLegalName")).toBe("ООО «ТМГ»");
    expect(seo.find((e) => e.slug === "/")!.title).toMatch(/^ТМГ — /);
    for (const entry of seo.filter((e) => !e.slug.startsWith("/catalog/"))) expect(entry.title, entry.slug).toContain("ТМГ");
  });

  it("shows only the offices' phone numbers", () => {
    const officePhones = new Set(cityList.map((c) => c.office!.phone));
    expect(officePhones.size).toBe(2);
    for (const { source, text } of texts) {
      for (const phone of text.match(/(?:\+7|8) ?\(\d{3}\) ?\d{3}-\d{2}-\d{2}/g) ?? []) expect(officePhones.has(phone), `${source}: ${phone}`).toBe(true);
    }
  });

  it("has requisites that pass the checksums, the same in the contacts and the shop's own company", async () => {
    const contacts = new Map(texts.filter((x) => x.source.startsWith("contacts.")).map((x) => [x.source.slice(9), x.text]));
    const inn = contacts.get("inn")!;
    const bik = contacts.get("bik")!;
    expect(innValid(inn), inn).toBe(true);
    expect(ogrnValid(contacts.get("ogrn")!)).toBe(true);
    expect(kppValid(contacts.get("kpp")!, inn)).toBe(true);
    expect(bik).toMatch(/^04\d{7}$/);
    expect(checkingValid(bik, contacts.get("checkingAccount")!)).toBe(true);
    expect(correspondentValid(bik, contacts.get("correspondentAccount")!)).toBe(true);
    expect(contacts.get("bankName")).toMatch(/ПАО Сбербанк/);
    const [own] = await queryRows<Record<string, string>>(t.db, sql`SELECT * FROM legal_companies WHERE is_own`);
    expect(own).toMatchObject({
      short_title: "ООО «ТМГ»",
      inn,
      kpp: contacts.get("kpp"),
      ogrn: contacts.get("ogrn"),
      bik,
      checking_account: contacts.get("checkingAccount"),
      correspondent_account: contacts.get("correspondentAccount"),
    });
  });

  it("names a city in SEO texts and category descriptions only through the city tokens", () => {
    const tokenised = texts.filter((x) => x.source.startsWith("seo.") || x.source.startsWith("categories."));
    expect(tokenised.length).toBeGreaterThan(40);
    for (const { source, text } of tokenised) expect(text, source).not.toMatch(/Петербург|Москв|\(812\)|\(495\)/);
    const categoryTitles = seo.filter((e) => e.slug.startsWith("/catalog/"));
    expect(categoryTitles.every((e) => e.title.includes("{cityIn}") && e.description.includes("{cityDative}"))).toBe(true);
    expect(texts.filter((x) => x.source.startsWith("categories.")).every((x) => x.text.includes("{cityDative}"))).toBe(true);
  });

  it("reads right once the tokens are filled with each city", () => {
    const mugs = seo.find((e) => e.slug === "/catalog/kruzhki")!;
    const [spb, msk, rus] = cityList;
    expect(fillCityTokens(mugs.title, msk)).toBe("Кружки с логотипом — купить в Москве | ТМГ");
    expect(fillCityTokens(mugs.description, msk)).toContain("доставка по Москве.");
    expect(fillCityTokens(mugs.title, rus)).toBe("Кружки с логотипом — купить в России | ТМГ");
    expect(fillCityTokens(mugs.title, spb)).toBe("Кружки с логотипом — купить в Санкт-Петербурге | ТМГ");
    for (const city of cityList) {
      for (const entry of seo) {
        for (const field of [entry.title, entry.description, entry.h1 ?? ""]) {
          expect(fillCityTokens(field, city), entry.slug).not.toMatch(/[{}]/);
        }
      }
    }
  });

  it("names St Petersburg elsewhere only beside Москва, as one of the two offices", () => {
    // The registered address is the company's, not the site's city: the offer and requisites quote it.
    const legalAddress = texts.find((x) => x.source === "contacts.legalAddress")!.text;
    for (const { source, text } of texts) {
      if (source.startsWith("contacts.") || source.startsWith("offices.") || source.startsWith("legal_companies.")) continue;
      const own = text.replaceAll(legalAddress, "");
      if (/Петербург/.test(own)) expect(own, source).toMatch(/Москв/);
    }
  });

  it("says «логотип» at most once per SEO title and never in a product's title", async () => {
    for (const entry of seo) expect(entry.title.match(/логотип/gi)?.length ?? 0, entry.slug).toBeLessThanOrEqual(1);
    const [titles] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM product_groups WHERE title ILIKE '%логотип%') + (SELECT count(*)::int FROM products WHERE title ILIKE '%логотип%') AS n`,
    );
    expect(titles!.n).toBe(0);
  });

  it("keeps one city's phone and address out of pages shown on both sites; /route describes both offices", async () => {
    const page = async (slug: string) => data<StaticPage>(await t.get(`/api/static_page/detail/${slug}`));
    const offices = [...new Map(cityList.map((c) => [c.office!.phone, c.office!])).values()];
    for (const slug of ["contacts", "delivery", "about", "faq", "payment"]) {
      const { content } = await page(slug);
      expect(content, slug).not.toMatch(/\(\d{3}\) ?\d{3}-\d{2}-\d{2}/);
      for (const office of offices) expect(content, slug).not.toContain(office.address.street.split(",")[0]);
    }
    const route = (await page("route")).content;
    const headings = [...route.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(["Москва", "Санкт-Петербург"]);
    for (const office of offices) expect(route).toContain(office.address.street);
  });
});
