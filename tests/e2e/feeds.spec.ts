/**
 * /yandex-market.xml (ADR 031) as a marketplace fetches it: XML that a real parser (Chromium's
 * DOMParser) accepts, a yml_catalog with the shop, RUR and the category tree, one offer per active
 * product group with URLs and pictures on the requesting host (plain and msk.), and its prices as
 * the API's feed data has them.
 */
import { request as httpRequest } from "node:http";
import { test, expect } from "#tests/support/fixtures.ts";
import { SHOP_PORT, SHOP_URL } from "#tests/support/servers.ts";

function rawGet(path: string, host: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: SHOP_PORT, path, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

interface Parsed {
  error: string | null;
  root: string;
  shopUrl: string;
  currency: string | null;
  categories: number;
  offers: { id: string; available: string; url: string; price: string; picture: string; categoryId: string }[];
}

for (const host of [`localhost:${SHOP_PORT}`, `msk.localhost:${SHOP_PORT}`]) {
  test(`the feed on ${host} parses as YML with that host's URLs`, async ({ page }) => {
    const { status, headers, body } = await rawGet("/yandex-market.xml", host);
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(headers["cache-control"]).toBe("public, max-age=300");
    expect(headers["set-cookie"]).toBeUndefined();
    await page.goto("about:blank");
    const parsed = await page.evaluate((xml): Parsed => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const error = doc.querySelector("parsererror")?.textContent ?? null;
      const text = (el: Element, name: string) => el.querySelector(`:scope > ${name}`)?.textContent ?? "";
      return {
        error,
        root: doc.documentElement.nodeName,
        shopUrl: doc.querySelector("shop > url")?.textContent ?? "",
        currency: doc.querySelector("currencies > currency")?.getAttribute("id") ?? null,
        categories: doc.querySelectorAll("categories > category").length,
        offers: [...doc.querySelectorAll("offers > offer")].map((o) => ({
          id: o.getAttribute("id") ?? "",
          available: o.getAttribute("available") ?? "",
          url: text(o, "url"),
          price: text(o, "price"),
          picture: text(o, "picture"),
          categoryId: text(o, "categoryId"),
        })),
      };
    }, body);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe("yml_catalog");
    expect(parsed.shopUrl).toBe(`http://${host}/`);
    expect(parsed.currency).toBe("RUR");
    expect(parsed.categories).toBeGreaterThan(10);
    expect(parsed.offers.length).toBeGreaterThan(1000);
    // Checked in one pass (thousands of expect() calls would each be a traced step).
    const wrong = parsed.offers.filter(
      (o) =>
        o.url !== `http://${host}/catalog/goods/${o.id}` ||
        !o.picture.startsWith(`http://${host}/api/media/`) ||
        !(Number(o.price) > 0) ||
        !["true", "false"].includes(o.available) ||
        !/^\d+$/.test(o.categoryId),
    );
    expect(wrong.slice(0, 3)).toEqual([]);
    // The prices are the API's (one page of the feed data, compared offer by offer).
    const page1 = (await (await page.request.get(`${SHOP_URL}/api/feed/offers?limit=50`)).json()) as { data: { offers: { id: number; price: number; available: boolean }[] } };
    for (const expected of page1.data.offers) {
      const offer = parsed.offers.find((o) => o.id === String(expected.id))!;
      expect(Number(offer.price)).toBe(expected.price);
      expect(offer.available).toBe(String(expected.available));
    }
  });
}

test("the feed is served again from its stored copy, whole", async () => {
  const first = await rawGet("/yandex-market.xml", `localhost:${SHOP_PORT}`);
  const again = await rawGet("/yandex-market.xml", `localhost:${SHOP_PORT}`);
  expect(again.status).toBe(200);
  expect(again.body).toBe(first.body);
  expect(again.body.endsWith("</yml_catalog>\n")).toBe(true);
});
