/**
 * Contract test: every implemented /api endpoint answers `{ data }` that parses with
 * `endpoints[id].response`, and failures parse with ApiErrorBody. Runs on in-memory PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody, buildPath, endpoints, type EndpointId } from "../../contract/index";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

/** The GET endpoints the reference API implements so far, with sample path parameters and query. */
const IMPLEMENTED: { id: EndpointId; params?: Record<string, string>; query?: string }[] = [
  { id: "init", params: { x: "web" } },
  { id: "cityList" },
  { id: "seoList" },
  { id: "bannerList" },
  { id: "sliderMain" },
  { id: "staticPageDetail", params: { slug: "about" } },
  { id: "productDetail", params: { id: "1" } },
  { id: "productLookingAt", query: "product=1" },
  { id: "productSearch", query: "search=ручка&attrs[]=material:metall" },
  { id: "productListByGroupIds", query: "groupIds[]=3&groupIds[]=1" },
  { id: "productListKind", params: { x: "bestoffers" }, query: "category=posuda&sort=price_asc" },
  { id: "productList", query: "category=ruchki&brands[]=arrow&colors[]=belyy&attrs[]=material:metall&coatings[]=1&priceFrom=10&priceTo=5000&quantity=1" },
  { id: "filterAll", query: "category=ruchki&brands[]=arrow&attrs[]=material:metall" },
  { id: "coatingAll" },
  { id: "brandListAll" },
  { id: "brandDetail", params: { id: "arrow" } },
  { id: "printTypeList" },
  { id: "printTypeDetail", params: { id: "1" } },
  { id: "comparingCategories", query: "productIds[]=3&productIds[]=1" },
  { id: "comparingListByIds", query: "productIds[]=3&productIds[]=1" },
  { id: "orderManagers" },
  // Seed ids: news 1–24, blog posts 25–42, promotions 43–50.
  { id: "newsList", query: "page=2&pageLimit=5" },
  { id: "newsDetail", params: { id: "1" } },
  { id: "postList" },
  { id: "postDetail", params: { id: "25" } },
  { id: "promotionList", query: "page=1" },
  { id: "promotionDetail", params: { id: "43" } },
  { id: "commentList", params: { id: "25" } },
  { id: "feedHead" },
  { id: "feedOffers", query: "after=10&limit=5" },
];

describe.each(testBackends())("contract on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(IMPLEMENTED)("$id answers { data } matching the contract", async ({ id, params, query }) => {
    const endpoint = endpoints[id];
    expect(endpoint.method).toBe("GET");
    const response = await t.get(`/api${buildPath(endpoint.path, params)}${query ? `?${query}` : ""}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["data"]);
    const parsed = endpoint.response.safeParse(body.data);
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 5))).toBe(true);
  });

  it.each([
    ["unknown /api path", "/api/no/such/endpoint"],
    ["unknown static page", "/api/static_page/detail/no-such-page"],
    ["unknown media kind", "/api/media/rocket/1.svg"],
    ["unknown product group", "/api/product/999999"],
    ["unknown category listing", "/api/product/list?category=no-such-category"],
    ["unknown brand", "/api/brand/detail/no-such-brand"],
    ["unknown print type", "/api/print-types/detail/999"],
    ["unknown news item", "/api/blog/news/detail/999"],
    ["a news id as a blog post", "/api/blog/post/detail/1"],
    ["comments of a news item", "/api/comment/list/1"],
  ])("%s → 404 with ApiErrorBody", async (_, path) => {
    const response = await t.get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = ApiErrorBody.parse(await response.json());
    expect(body.message).toMatch(/[а-яё]/i);
    expect(body.errors).toEqual([]);
  });

  it.each([
    ["a product id above int4", "/api/product/3000000000"],
    ["a product id of 2^31", "/api/product/2147483648"],
    ["a huge product id", "/api/product/99999999999999999999"],
    ["a print type id above int4", "/api/print-types/detail/3000000000"],
    ["a looking-at product above int4", "/api/product/list/looking_at?product=3000000000"],
    ["a feed cursor above int4", "/api/feed/offers?after=3000000000"],
    ["a negative feed cursor", "/api/feed/offers?after=-1"],
    ["a feed page of junk size", "/api/feed/offers?limit=abc"],
    ["a feed page above the limit", "/api/feed/offers?limit=100000"],
  ])("%s → 400 with a Russian field error, never a 5xx", async (_, path) => {
    const response = await t.get(path);
    expect(response.status).toBe(400);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.errors.length).toBeGreaterThan(0);
    for (const e of body.errors) expect(e.message).toMatch(/[а-яё]/i);
  });
});
