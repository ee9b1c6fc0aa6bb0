/**
 * The Yandex Market feed on a seeded reference API (in-memory PGlite): well-formed YML on the
 * requesting host, prices/stock/availability exactly as the database has them, every active
 * group once, written in keyset pages of the requested size (never the whole catalogue at once),
 * stored and served again until the catalogue changes; hostile text is escaped.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../../api/testing";
import type { Backend } from "#app/lib/backend.server.ts";
import type { FeedOffer } from "#contract/feed.ts";
import { createYandexMarketFeed, type FeedSource } from "./yandex-market.server.ts";
import { xmlText, ymlHead, ymlOffer, YML_FOOT } from "./yml.ts";

/** Tags balance, every attribute is quoted, every & starts an entity: what an XML parser needs first. */
export function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  expect(body.replace(/<[^>]*>/g, "")).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)|<|>/);
  for (const [, close, name, attrs, selfClose] of body.matchAll(/<(\/?)([A-Za-z_][\w.-]*)([^>]*?)(\/?)>/g)) {
    expect(attrs.replace(/\s+[\w-]+="[^"<]*"/g, "").trim(), `<${name}${attrs}>`).toBe("");
    if (selfClose) continue;
    if (close) expect(stack.pop(), `</${name}>`).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  // XML 1.0 cannot carry C0 controls other than tab, LF, CR.
  // eslint-disable-next-line no-control-regex -- the characters looked for
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
}

async function read(source: FeedSource): Promise<string> {
  if (source.kind === "file") return readFileSync(source.path, "utf8");
  if (source.kind !== "stream") throw new Error(source.kind);
  let out = "";
  for await (const chunk of source.chunks) out += chunk;
  return out;
}

const offerBlocks = (xml: string) => [...xml.matchAll(/<offer id="(\d+)" available="(true|false)">([\s\S]*?)<\/offer>/g)];

describe.each(testBackends())("yandex-market.xml on $name", (testBackend) => {
  let t: TestApi;
  const calls: string[] = [];
  let changed: () => void = () => {};
  let backend: Backend;

  beforeAll(async () => {
    t = await openTestApi(testBackend, { groups: 60 });
    // A hidden group and a sold-out one: the feed leaves out the first and marks the second.
    await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = 3`);
    await t.db.execute(sql`UPDATE product_groups SET total_stock = 0 WHERE id = 5`);
    backend = {
      baseUrl: "http://reference.internal/api",
      fetch: async (request) => {
        const url = new URL(request.url);
        calls.push(url.pathname + url.search);
        return t.api.fetch(request);
      },
      ping: async () => true,
      close: async () => {},
      onChange: (listener) => {
        changed = listener;
      },
      describe: "test",
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const newFeed = (pageSize = 7) => {
    const feed = createYandexMarketFeed({ backend, defaultTimeoutMs: 10_000, cacheDir: mkdtempSync(path.join(tmpdir(), "feed-test-")), pageSize });
    backend.onChange(() => feed.clear());
    return feed;
  };

  it("lists every active group once, on the requesting host, with the database's prices and stock", async () => {
    calls.length = 0;
    const feed = newFeed();
    const xml = await read(await feed.open("https://msk.tmg.test"));
    expectWellFormed(xml);
    expect(xml).toMatch(/<yml_catalog date="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00">/);
    expect(xml).toContain("<name>ТМГ</name>");
    expect(xml).toContain("<company>ООО «ТМГ»</company>");
    expect(xml).toContain("<url>https://msk.tmg.test/</url>");
    expect(xml).toContain('<currencies><currency id="RUR" rate="1"/></currencies>');

    const db = await queryRows<{ id: number; price: number; stock: number; category_id: number; brand: string }>(
      t.db,
      sql`SELECT g.id, g.min_price::float8 AS price, g.total_stock AS stock, g.category_id, b.title AS brand
            FROM product_groups g LEFT JOIN brands b ON b.id = g.brand_id WHERE g.is_active ORDER BY g.id`,
    );
    const offers = offerBlocks(xml);
    expect(offers.map((m) => Number(m[1]))).toEqual(db.map((r) => r.id));
    expect(offers.map((m) => m[1])).not.toContain("3");
    for (const [, id, available, inner] of offers) {
      const row = db.find((r) => r.id === Number(id))!;
      expect(inner).toContain(`<url>https://msk.tmg.test/catalog/goods/${id}</url>`);
      expect(Number(/<price>([\d.]+)<\/price>/.exec(inner)![1])).toBe(row.price);
      expect(inner).toContain(`<count>${row.stock}</count>`);
      expect(available).toBe(String(row.stock > 0));
      expect(inner).toContain(`<categoryId>${row.category_id}</categoryId>`);
      expect(inner).toContain(`<vendor>${xmlText(row.brand)}</vendor>`);
      expect(inner).toMatch(/<picture>https:\/\/msk\.tmg\.test\/api\/media\/[a-z-]+\/[^<]+\.png<\/picture>/);
      expect(inner).toMatch(/<param name="Материал">[^<]+<\/param>/);
      expect(inner).toMatch(/<param name="Цвет">[^<]+<\/param>/);
      expect(inner).not.toMatch(/<description>[^<]*(&lt;|<)(p|li|ul)/);
    }
    expect(offers.find((m) => m[1] === "5")![2]).toBe("false");
    // Every offer's category is in <categories>, and every parentId names a listed category.
    const categories = new Set([...xml.matchAll(/<category id="(\d+)"/g)].map((m) => m[1]));
    for (const [, , , inner] of offers) expect(categories.has(/<categoryId>(\d+)</.exec(inner)![1])).toBe(true);
    for (const [, parent] of xml.matchAll(/parentId="(\d+)"/g)) expect(categories.has(parent)).toBe(true);
    // Written a page at a time: ceil(59 / 7) keyset pages of 7, never the whole catalogue.
    const pages = calls.filter((c) => c.startsWith("/api/feed/offers"));
    expect(pages).toHaveLength(Math.ceil(db.length / 7) + (db.length % 7 === 0 ? 1 : 0));
    for (const call of pages) expect(call).toMatch(/limit=7(&|$)/);
  });

  it("answers the plain host with plain-host URLs, from its own stored file", async () => {
    const feed = newFeed(50);
    const msk = await read(await feed.open("https://msk.tmg.test"));
    const first = await feed.open("https://tmg.test");
    expect(first.kind).toBe("stream");
    const plain = await read(first);
    expect(plain).toContain("<url>https://tmg.test/catalog/goods/1</url>");
    expect(plain).not.toContain("msk.");
    expect(plain.replace(/date="[^"]*"/, "").replaceAll("https://tmg.test", "https://msk.tmg.test")).toBe(msk.replace(/date="[^"]*"/, ""));
    calls.length = 0;
    const again = await feed.open("https://tmg.test");
    expect(again.kind).toBe("file");
    expect(await read(again)).toBe(plain);
    expect(calls).toEqual([]);
  });

  it("writes the feed again after a catalogue change, with the new price", async () => {
    const feed = newFeed(50);
    await read(await feed.open("https://tmg.test"));
    expect((await feed.open("https://tmg.test")).kind).toBe("file");
    await t.db.execute(sql`UPDATE product_groups SET min_price = 777.5 WHERE id = 1`);
    changed();
    const source = await feed.open("https://tmg.test");
    expect(source.kind).toBe("stream");
    expect(offerBlocks(await read(source))[0][3]).toContain("<price>777.5</price>");
  });

  it("answers unavailable when the API does not, and busy past two documents at a time", async () => {
    const down: Backend = { ...backend, fetch: async () => Response.json({ message: "down", errors: [] }, { status: 503 }) };
    const feed = createYandexMarketFeed({ backend: down, defaultTimeoutMs: 1000, cacheDir: mkdtempSync(path.join(tmpdir(), "feed-test-")) });
    expect((await feed.open("https://tmg.test")).kind).toBe("unavailable");
    const live = newFeed(5);
    const a = await live.open("https://a.test");
    const b = await live.open("https://b.test");
    expect((await live.open("https://c.test")).kind).toBe("busy");
    await read(a);
    // A reader that goes away releases its slot too (and leaves no part file behind).
    if (b.kind === "stream") await b.chunks[Symbol.asyncIterator]().return?.();
    expect((await live.open("https://c.test")).kind).toBe("stream");
  });
});

describe("YML pieces", () => {
  const hostile: FeedOffer = {
    id: 9,
    title: `Ручка "Люкс" & <script>alert('x')</script>\u0001\u000b\ud800 end`,
    description: "Цена < 100 & > 50",
    categoryId: 2,
    price: 12.345,
    stock: 0,
    available: false,
    vendor: "A&B",
    sku: "MG-<1>",
    picture: "https://cdn.example.ru/a.jpg?x=1&y=2",
    params: [{ name: 'Размер "XL"', value: "10 < 20" }],
  };

  it("escapes markup and drops characters XML cannot carry", () => {
    const xml = ymlHead({ name: "Т&М", company: "ООО «ТМГ»", categories: [{ id: 1, parentId: null, title: "<Ручки>" }, { id: 2, parentId: 1, title: "A&B" }], total: 1, updatedAt: null }, "https://tmg.test", new Date(0)) + ymlOffer(hostile, "https://tmg.test") + YML_FOOT;
    expectWellFormed(xml);
    expect(xml).toContain("<name>Ручка &quot;Люкс&quot; &amp; &lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; end</name>");
    expect(xml).toContain('<param name="Размер &quot;XL&quot;">10 &lt; 20</param>');
    expect(xml).toContain("<picture>https://cdn.example.ru/a.jpg?x=1&amp;y=2</picture>");
    expect(xml).toContain('<category id="2" parentId="1">A&amp;B</category>');
    expect(xml).toContain("<price>12.35</price>");
    expect(xml).toContain('<offer id="9" available="false">');
    expect(xml).toContain('<yml_catalog date="1970-01-01T00:00:00+00:00">');
  });
});
