import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toSearchParams } from "#app/lib/api-client.server.ts";
import {
  Cart,
  CartCoatingLine,
  CartImagesRequest,
  DEFAULT_MINIMAL_ORDER_PRICE,
  FILE_NOT_FOUND_MESSAGE,
  ID_TOO_LARGE_MESSAGE,
  MAX_DB_ID,
  fileKey,
  id,
  minimalOrderMissing,
  minimalOrderPrice,
  normalizePhone,
  phone,
  CartItemInput,
  CoatingRecalculateRequest,
  FastSearchQuery,
  FilterData,
  KpListQuery,
  LegalCompanyForm,
  LoginResult,
  OrderCreateUnauthRequest,
  OrderDraft,
  ProductGroup,
  ProductListQuery,
  ProductSearchQuery,
  RefreshResult,
  endpoints,
  paged,
  queryFromSearchParams,
  type Endpoint,
} from "./index.ts";
import { formatPhone, nationalDigits } from "./phone.ts";

const all = Object.entries(endpoints) as [string, Endpoint][];

/**
 * Every call of §7, copied from the spec (query strings dropped, "/api" kept). The test maps each
 * one to an endpoint and each endpoint back to one of these, so nothing is missing or invented.
 */
const SPEC_CALLS = [
  // Profile
  "GET /api/profile",
  "PATCH /api/profile/update",
  "GET /api/profile/shipmentaddress/list",
  "POST /api/profile/shipmentaddress/update",
  "GET /api/profile/legal/my",
  "GET /api/profile/legal/our",
  "POST /api/profile/legal/create",
  "POST /api/profile/legal/update/{id}",
  "DELETE /api/profile/legal/delete/{id}",
  "POST /api/profile/change_avatar",
  "POST /api/profile/phone/set",
  "POST /api/profile/phone/confirm",
  "POST /api/profile/change_password",
  "POST /api/profile/email/set",
  "POST /api/profile/email/confirm",
  // Auth
  "POST /api/auth/login",
  "POST /api/auth/sms/login",
  "POST /api/auth/signup",
  "POST /api/auth/refresh",
  "POST /api/auth/reset-password/{token}",
  "POST /api/auth/sms/send",
  "DELETE /api/auth/logout",
  // Blog, news, promotions
  "GET /api/blog/news/list",
  "GET /api/blog/news/detail/{id}",
  "GET /api/blog/post/list",
  "GET /api/blog/post/detail/{id}",
  "GET /api/promotion/post/list",
  "GET /api/promotion/post/detail/{id}",
  // Init and content
  "GET /api/init/{x}",
  "GET /api/banner/list",
  "GET /api/slider/main",
  "GET /api/seo/list",
  "GET /api/static_page/detail/{slug}",
  "GET /api/print-types/list",
  "GET /api/print-types/detail/{id}",
  // Products
  "GET /api/product/{id}",
  "GET /api/product/list/looking_at",
  "GET /api/product/search",
  "GET /api/product/list/{x}",
  "GET /api/product/list/by_group_ids",
  "GET /api/product/list",
  "GET /api/filter/all",
  "GET /api/coating/all",
  "POST /api/coating/recalculate",
  // Comments
  "GET /api/comment/list/{id}",
  "POST /api/comment/create/{id}",
  "POST /api/comment/update/{id}",
  "DELETE /api/comment/delete/{id}",
  // Brands and search
  "GET /api/brand/list/all",
  "GET /api/brand/detail/{id}",
  "GET /api/search/global",
  "GET /api/search/fast",
  // Cart
  "POST /api/cart/recalculate",
  "PUT /api/cart/comment",
  "POST /api/cart/clear",
  "PUT /api/cart/image",
  "DELETE /api/cart/image",
  "GET /api/cart/detail",
  "POST /api/cart/unauth",
  // Files
  "POST /api/file/upload",
  // Comparison
  "GET /api/comparing/categories",
  "GET /api/comparing/list/by_ids",
  "GET /api/comparing/ids",
  "POST /api/comparing/delete",
  "POST /api/comparing/add",
  // Favourites
  "GET /api/favorite/all",
  "POST /api/favorite/add",
  "POST /api/favorite/delete",
  // Commercial offers (/api/kp)
  "GET /api/kp/list",
  "GET /api/kp/read/{id}",
  "GET /api/kp/public/{id}",
  "POST /api/kp/create",
  "POST /api/kp/update/{id}",
  "DELETE /api/kp/delete/{id}",
  "GET /api/kp/product/{id}",
  "POST /api/kp/activate/{id}",
  "POST /api/kp/deactivate/{id}",
  "GET /api/kp/export/{format}/{id}",
  "POST /api/kp/calculate",
  "POST /api/kp/print/calculate",
  "GET /api/kp/search/product",
  "GET /api/kp/filter/{x}/",
  "POST /api/kp/favorite/{action}/{id}",
  "GET /api/kp/client/list",
  "GET /api/kp/client/{id}/representative/list",
  "GET /api/kp/client/{id}/purpose/list",
  "GET /api/kp/category/list",
  "GET /api/commercial-offer-delay/list",
  // Orders and cities
  "GET /api/order/manager",
  "GET /api/order/",
  "POST /api/order/create",
  "POST /api/order/create_unauth",
  "GET /api/city/",
];

/** Calls the spec does not list, designed here and documented in docs/api-contract.md. */
const DESIGNED_CALLS = [
  // SEO: sitemap data for crawlers
  "GET /api/seo/sitemap",
  "GET /api/seo/sitemap/{type}",
  // Subscription (issue 18)
  "POST /api/subscription",
  "POST /api/subscription/confirm",
  // Marketplace feed data (ADR 031)
  "GET /api/feed",
  "GET /api/feed/offers",
  // §4 login merge of the local cart in one call (ADR 037)
  "POST /api/cart/merge",
  // Accounts (issue 19, ADR 033): "Забыли пароль?" asks for the reset link
  "POST /api/auth/reset-password",
  // Search history of a logged-in user (issue 19)
  "GET /api/search/history",
  "DELETE /api/search/history/{id}",
  "DELETE /api/search/history",
  // Commercial offers (issue 27, ADR 051): copy, send (a frozen version), versions, in-place clients, acceptance
  "POST /api/kp/copy/{id}",
  "POST /api/kp/send/{id}",
  "GET /api/kp/versions/{id}",
  "GET /api/kp/versions/{id}/diff",
  "POST /api/kp/client/create",
  "POST /api/kp/client/{id}/representative/create",
  "POST /api/kp/client/{id}/purpose/create",
  "POST /api/kp/public/{id}/accept",
  // ADR 054: the public page's «Скачать PDF».
  "GET /api/kp/public/{id}/pdf",
];

const key = (e: Pick<Endpoint, "method" | "path">) => `${e.method} /api${e.path}`;
const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const shapeKeys = (schema: z.ZodType | undefined) => {
  if (!schema) return [];
  expect(schema).toBeInstanceOf(z.ZodObject);
  return Object.keys((schema as z.ZodObject).shape);
};

describe("endpoint registry", () => {
  it("keys are the ids, and ids are unique", () => {
    for (const [name, e] of all) expect(e.id).toBe(name);
    expect(new Set(all.map(([, e]) => e.id)).size).toBe(all.length);
  });

  it("method + path pairs are unique", () => {
    const keys = all.map(([, e]) => key(e));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("covers every §7 call, and nothing else but the designed calls", () => {
    expect(new Set(SPEC_CALLS).size).toBe(SPEC_CALLS.length);
    const ours = new Set(all.map(([, e]) => key(e)));
    expect(SPEC_CALLS.filter((call) => !ours.has(call))).toEqual([]);
    expect(DESIGNED_CALLS.filter((call) => !ours.has(call))).toEqual([]);
    expect([...ours].filter((call) => !SPEC_CALLS.includes(call) && !DESIGNED_CALLS.includes(call))).toEqual([]);
    expect(all).toHaveLength(93 + DESIGNED_CALLS.length);
  });

  it("path params match the {placeholders}", () => {
    for (const [, e] of all) expect(shapeKeys(e.params).sort(), e.id).toEqual(placeholders(e.path).sort());
  });

  it("query schemas are flat objects; reads carry no body", () => {
    for (const [, e] of all) {
      shapeKeys(e.query);
      if (e.method === "GET") expect(e.body, e.id).toBeUndefined();
    }
  });

  it("form data exactly where §7 says so", () => {
    const form = all.filter(([, e]) => e.bodyKind === "form").map(([id]) => id).sort();
    expect(form).toEqual(["changeAvatar", "fileUpload", "legalCreate", "legalUpdate"]);
  });

  it("timeout classes follow §9", () => {
    const timeout = (id: string) => endpoints[id as keyof typeof endpoints].timeout;
    expect(timeout("init")).toBe("init");
    expect(timeout("productListByGroupIds")).toBe("favoriteGroups");
    // A 10 MB upload and an order are not abandoned after the API stored them (ADR 025).
    expect(timeout("fileUpload")).toBe("upload");
    expect(timeout("orderCreateUnauth")).toBe("upload");
    for (const [id, e] of all) {
      if (id === "productListByGroupIds" || id === "fileUpload" || id === "orderCreateUnauth") continue;
      if (["catalog", "search", "kp"].includes(e.tag)) expect(e.timeout, id).toBe("catalog");
      else if (id !== "init" && id !== "comparingListByIds") expect(e.timeout, id).toBe("default");
    }
  });

  it("auth flags follow §6", () => {
    const needsAuth = [
      "profileGet", "profileUpdate", "shipmentAddressList", "legalMy", "legalCreate", "changeAvatar", "phoneSet",
      "kpList", "kpRead", "kpCreate", "kpUpdate", "kpDelete", "kpActivate", "kpDeactivate", "kpExport",
      "favoriteAll", "favoriteAdd", "favoriteDelete", "comparingIds", "comparingAdd", "comparingDelete",
      "cartDetail", "cartRecalculate", "cartMerge", "cartComment", "cartClear", "cartImageAdd", "cartImageDelete",
      "commentCreate", "commentUpdate", "commentDelete", "searchHistoryList", "searchHistoryDelete", "searchHistoryClear", "orderList", "orderCreate",
    ];
    const open = [
      "init", "cityList", "authLogin", "authSmsLogin", "authSignup", "authRefresh", "authSmsSend", "authResetPassword", "authResetPasswordRequest",
      "kpPublic", "kpPublicPdf", "cartUnauth", "orderCreateUnauth",
      // Logout ends the session its refresh token names even without a live bearer (issue 25).
      "authLogout", "productList", "productDetail", "searchGlobal", "searchFast", "fileUpload",
      "commentList", "comparingCategories", "comparingListByIds",
    ];
    for (const id of needsAuth) expect(endpoints[id as keyof typeof endpoints].auth, id).toBe(true);
    for (const id of open) expect(endpoints[id as keyof typeof endpoints].auth ?? false, id).toBe(false);
  });
});

const product = {
  id: 101,
  groupId: 10,
  sku: "PEN-001-BLK",
  title: "Ручка Arrow, чёрная",
  color: { id: 1, title: "Чёрный", slug: "black", hex: "#000000" },
  size: null,
  stock: 1500,
  price: 45.5,
  priceTiers: [
    { minQty: 1, price: 45.5 },
    { minQty: 500, price: 39.9 },
  ],
  images: ["/images/pen-black.jpg"],
  weight: 12,
};

const group = {
  id: 10,
  title: "Ручка Arrow",
  slug: "ruchka-arrow",
  description: "<p>Металлическая ручка</p>",
  category: { id: 5, title: "Ручки", slug: "ruchki" },
  brand: null,
  image: "/images/pen.jpg",
  images: ["/images/pen.jpg"],
  minPrice: 45.5,
  maxPrice: 52,
  products: [product],
  attributes: [{ slug: "material", title: "Материал", value: "metal", valueTitle: "Металл" }],
  coatings: [1, 2],
  flags: { isBestOffer: true, isNew: false, isRecommended: false },
};

describe("sample payloads round-trip", () => {
  it("a product group and a page of them", () => {
    expect(ProductGroup.parse(group)).toEqual(group);
    const page = { pageLimit: 24, countItems: 1, countPages: 1, elements: [group] };
    expect(paged(ProductGroup).parse(page)).toEqual(page);
    expect(endpoints.productList.response.parse(JSON.parse(JSON.stringify(page)))).toEqual(page);
  });

  it("login and refresh answers (§7 data.authenticated / data.data)", () => {
    const login = {
      authenticated: { token: "t", refreshToken: "r" },
      data: {
        id: 1,
        email: "a@b.ru",
        emailVerified: true,
        phone: "+79211234567",
        phoneVerified: true,
        activated: true,
        name: "Иван",
        birthdate: "1990-05-01",
        avatar: null,
        roles: ["ROLE_USER"],
        manager: null,
        createdAt: "2024-01-01T10:00:00.000Z",
      },
    };
    expect(LoginResult.parse(login)).toEqual(login);
    expect(RefreshResult.parse({ authenticated: login.authenticated })).toEqual({ authenticated: login.authenticated });
    expect(LoginResult.safeParse({ ...login, data: { ...login.data, roles: ["ROLE_GOD"] } }).success).toBe(false);
  });

  it("filter data", () => {
    const data = {
      priceRange: { min: 12.3, max: 999.9 },
      total: 3,
      categoryAncestorCounters: [
        { id: 5, title: "Ручки", slug: "ruchki", parentId: 1, count: 3 },
        { id: 1, title: "Канцелярия", slug: "kants", parentId: null, count: 40 },
      ],
      categories: [],
      brands: [{ id: 1, slug: "parker", title: "Parker", count: 2 }],
      colors: [{ id: 1, slug: "black", title: "Чёрный", hex: "#000", count: 3 }],
      coatings: [],
      attributes: [{ slug: "material", title: "Материал", values: [{ slug: "metal", title: "Металл", count: 3 }] }],
    };
    expect(FilterData.parse(data)).toEqual(data);
  });

  it("listing queries survive the client's query string (arrays as key[])", () => {
    const query = { category: "ruchki", brands: ["parker"], colors: ["black", "red"], attrs: ["material:metal"], coatings: [1], priceFrom: 10, page: 2 };
    const search = toSearchParams(query);
    expect(search.toString()).toContain("brands%5B%5D=parker");
    const parsed = ProductListQuery.parse(queryFromSearchParams(search));
    expect(parsed).toEqual({ ...query, pageLimit: 24, sort: "popular" });
    expect(ProductSearchQuery.parse({ search: "ручка" }).pageLimit).toBe(10);
    expect(ProductListQuery.safeParse({ attrs: ["material"] }).success).toBe(false);
    // by_group_ids with one id still reads as an array.
    const one = queryFromSearchParams(toSearchParams({ groupIds: [7] }));
    expect(endpoints.productListByGroupIds.query!.parse(one)).toEqual({ groupIds: [7] });
  });

  it("KP list query defaults (§9: 10 per page, dates YYYY-MM-DD)", () => {
    const q = KpListQuery.parse(queryFromSearchParams(new URLSearchParams("createdAtFrom=2024-01-31&clientIds[]=3")));
    expect(q).toMatchObject({ page: 1, limit: 10, sortBy: "createdAt", sortOrder: "desc", hidden: "0", createdAtFrom: "2024-01-31", clientIds: [3] });
    expect(KpListQuery.safeParse({ createdAtFrom: "31.01.2024" }).success).toBe(false);
  });

  it("search defaults: entityType any (§7)", () => {
    expect(FastSearchQuery.parse({ text: "кружка" })).toEqual({ text: "кружка", entityType: "any", limit: 5 });
  });

  it("cart lines and coating lines (§3, §5)", () => {
    const line = { id: "l1", coating: 2, width: 40, height: 20, variant: 3, options: ["Срочно"] };
    expect(CartCoatingLine.parse(line)).toEqual(line);
    // §5: coating, width and height are required; an empty coating list is valid.
    expect(CartCoatingLine.safeParse({ id: "l1", coating: 2, width: 40 }).success).toBe(false);
    expect(CartItemInput.parse({ variation: 101, count: 3 })).toEqual({ variation: 101, count: 3, comment: null, coatings: [] });
    // §5: print run up to 999999.
    expect(CartItemInput.safeParse({ variation: 101, count: 1_000_000 }).success).toBe(false);
    expect(endpoints.cartUnauth.body!.safeParse({ variations: [{ variation: 1, count: 1 }, { variation: 1, count: 2 }] }).success).toBe(false);
    const cart = {
      cartItems: [
        {
          variation: 101,
          count: 3,
          comment: null,
          coatings: [{ ...line, coatingTitle: "Тампопечать", variantTitle: "1 цвет", priceWithoutDiscount: 300, price: 300, problems: [] }],
          product,
          group: { id: 10, title: "Ручка Arrow", slug: "ruchka-arrow", image: null },
          unitPrice: 45.5,
          itemsPrice: 136.5,
          printPrice: 300,
          price: 436.5,
          stockNote: null,
          weight: 36,
        },
      ],
      itemsPrice: 136.5,
      printPrice: 300,
      price: 436.5,
      totalCount: 3,
      weight: 36,
      comment: "",
      images: [],
      unavailableVariations: [],
    };
    expect(Cart.parse(cart)).toEqual(cart);
  });

  it("coating recalculation request", () => {
    expect(CoatingRecalculateRequest.parse({ coating: 1, width: 30, height: 10, quantity: 100 })).toEqual({
      coating: 1,
      width: 30,
      height: 10,
      quantity: 100,
      options: [],
    });
  });

  it("order drafts: deliveryType defaults to pickup_point (§9)", () => {
    const draft = OrderDraft.parse({
      cityId: 3,
      representativeName: "Иван",
      representativeEmail: "ivan@example.ru",
      representativePhone: "+7 (921) 123-45-67",
    });
    expect(draft).toMatchObject({ deliveryType: "pickup_point", manager: null, legalFile: null, shipmentAddress: null });
    expect(OrderCreateUnauthRequest.safeParse({ ...draft, variations: [] }).success).toBe(false);
    expect(OrderDraft.safeParse({ ...draft, representativeEmail: "nope" }).success).toBe(false);
  });

  it("ids fit PostgreSQL's integer: above it a Russian message on the field, never a database error", () => {
    expect(id().safeParse(MAX_DB_ID).success).toBe(true);
    for (const bad of [MAX_DB_ID + 1, 3_000_000_000, 1e300, Number.MAX_SAFE_INTEGER]) {
      const result = id().safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error!.issues[0].message).toBe(ID_TOO_LARGE_MESSAGE);
    }
    // Path ids too (GET /api/product/3000000000 was "value out of range", a 500); query id lists
    // (favourites, comparison from local storage) keep such ids for the service to drop.
    expect(endpoints.productDetail.params!.safeParse({ id: "3000000000" }).error!.issues[0].message).toBe(ID_TOO_LARGE_MESSAGE);
    expect(endpoints.productDetail.params!.safeParse({ id: String(MAX_DB_ID) }).success).toBe(true);
    expect(endpoints.productListByGroupIds.query!.safeParse({ groupIds: ["99999999999", "3"] }).success).toBe(true);
    const draft = { cityId: 3, representativeName: "Иван", representativeEmail: "ivan@example.ru", representativePhone: "+7 (921) 123-45-67" };
    const body = { ...draft, variations: [{ variation: 1, count: 1 }] };
    for (const [field, patch] of [
      ["cityId", { cityId: 3_000_000_000 }],
      ["manager", { manager: 3_000_000_000 }],
      ["legalCompany", { legalCompany: 3_000_000_000 }],
      ["variations.0.variation", { variations: [{ variation: 3_000_000_000, count: 1 }] }],
      ["variations.0.coatings.0.coating", { variations: [{ variation: 1, count: 1, coatings: [{ id: "a", coating: 3_000_000_000, width: 1, height: 1 }] }] }],
    ] as const) {
      const result = OrderCreateUnauthRequest.safeParse({ ...body, ...patch });
      expect(result.success, field).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join("."))).toContain(field);
    }
  });

  it("orders and carts name uploads by their key, never by the serial id (ADR 025)", () => {
    const key = "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z";
    const draft = { cityId: 3, representativeName: "Иван", representativeEmail: "ivan@example.ru", representativePhone: "+7 (921) 123-45-67", variations: [{ variation: 1, count: 1 }] };
    expect(OrderCreateUnauthRequest.parse({ ...draft, legalFile: key, imageKeys: [key] })).toMatchObject({ legalFile: key, imageKeys: [key] });
    for (const bad of [1, "1", "../../etc/passwd", key.slice(1), `${key}x`, "k".repeat(100_000), null]) {
      expect(OrderCreateUnauthRequest.safeParse({ ...draft, imageKeys: [bad] }).success, String(bad).slice(0, 40)).toBe(false);
    }
    expect(OrderCreateUnauthRequest.safeParse({ ...draft, legalFile: 5 }).success).toBe(false);
    expect(fileKey().safeParse("x").error!.issues[0].message).toBe(FILE_NOT_FOUND_MESSAGE);
    expect(CartImagesRequest.safeParse({ imageKeys: [key] }).success).toBe(true);
    expect(CartImagesRequest.safeParse({ imagesIds: [1] }).success).toBe(false);
  });

  it("§4 minimal order: one rule for the cart page and the API", () => {
    expect(minimalOrderMissing([4000, 2000], 6000, 10_000)).toBe(4000);
    expect(minimalOrderMissing([4000.4, 2000.35], 6000.75, 10_000)).toBe(3999.25);
    expect(minimalOrderMissing([12_000], 12_000, 10_000)).toBe(0);
    expect(minimalOrderMissing([10_000], 10_000, 10_000)).toBe(0);
    // A line priced 0 is a price on request: the minimum is not held against the cart.
    expect(minimalOrderMissing([500, 0], 500, 10_000)).toBe(0);
    expect(minimalOrderMissing([0], 0, 10_000)).toBe(0);
    expect(minimalOrderPrice("50")).toBe(50);
    expect(minimalOrderPrice(0)).toBe(0);
    for (const junk of [null, undefined, "", "abc", -5, Number.NaN, Infinity, {}]) expect(minimalOrderPrice(junk)).toBe(DEFAULT_MINIMAL_ORDER_PRICE);
  });

  it("one phone rule: Russian numbers as +7 and ten digits", () => {
    expect(normalizePhone("+7 (921) 123-45-67")).toBe("+79211234567");
    expect(normalizePhone("8 921 123 45 67")).toBe("+79211234567");
    expect(phone().safeParse("+7 (921) 123-45-67").success).toBe(true);
    for (const bad of ["+1 555 123 4567 8", "позвоните мне", "+7 (921) 123-45", "9".repeat(20)]) expect(phone().safeParse(bad).success, bad).toBe(false);
  });

  it("the phone rule reads every way a Russian number is written; a leading 8 or 7 is never part of it", () => {
    const spellings = ["9161234567", "89161234567", "79161234567", "+79161234567", "+7 (916) 123-45-67", "8 (916) 123-45-67", "8-916-123-45-67", "+7 916 123 45 67", "7 916 123-45-67", "+7 8 916 123 45 67", "8 916 1234567"];
    for (const s of spellings) expect(normalizePhone(s), s).toBe("+79161234567");
    // 8 before an area code that can begin with 8: the digit count tells.
    expect(normalizePhone("812 345 67 89")).toBe("+78123456789");
    expect(normalizePhone("8 812 345 67 89")).toBe("+78123456789");
    expect(normalizePhone("8 (343) 123-45-67")).toBe("+73431234567");
    expect(normalizePhone("8 800 555 35 35")).toBe("+78005553535");
    // Ten digits that are really the trunk 8 and nine digits of a mobile number: incomplete.
    expect(normalizePhone("8916123456")).toBeNull();
    expect(normalizePhone("+7 916 123 45 678")).toBeNull();
    // While typing: what the field shows.
    expect(nationalDigits("8")).toBe("8");
    expect(nationalDigits("89")).toBe("9");
    expect(nationalDigits("+7 (8")).toBe("8");
    expect(nationalDigits("+7 (89")).toBe("9");
    expect(nationalDigits("7")).toBe("");
    expect(nationalDigits("+7 (7")).toBe("");
    expect(formatPhone("+79215550102")).toBe("+7 (921) 555-01-02");
    expect(formatPhone("8 921 555 01 02")).toBe("+7 (921) 555-01-02");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone(null)).toBe("");
  });

  it("legal company form data (§3)", () => {
    const form = { shortTitle: "ООО Ромашка", inn: "7707083893", kpp: "", bik: "044525225" };
    expect(LegalCompanyForm.parse(form)).toEqual(form);
    expect(LegalCompanyForm.safeParse({ ...form, inn: "123" }).success).toBe(false);
    // Checksums (contract/requisites.ts): a changed digit is refused on its field.
    expect(LegalCompanyForm.safeParse({ ...form, inn: "7707083894" }).error?.issues.map((i) => i.path.join("."))).toEqual(["inn"]);
    const image = new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" });
    expect(LegalCompanyForm.parse({ ...form, image }).image).toBe(image);
  });
});
