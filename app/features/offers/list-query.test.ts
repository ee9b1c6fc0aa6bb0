/** The /cp list URL: read forgivingly, spelled one way, mapped onto the contract's KpListQuery. */
import { describe, expect, it } from "vitest";
import { KpListQuery } from "#contract/kp.ts";
import {
  DATE_MESSAGE,
  NO_FILTERS,
  NO_SUCH_DATE_MESSAGE,
  TOTAL_MESSAGE,
  canonicalOfferListSearch,
  kpListQuery,
  offerIdParam,
  offerListSearch,
  readOfferListRequest,
  readOfferListState,
} from "./list-query.ts";

const read = (search: string) => readOfferListRequest(new URLSearchParams(search));

describe("readOfferListRequest", () => {
  it("a bare URL is page 1, newest first, no filters", () => {
    expect(read("")).toEqual({ page: 1, sort: expect.objectContaining({ value: "date-desc" }), filters: NO_FILTERS, errors: {} });
  });

  it("reads every filter the form sends, dates as the field shows them or as ISO", () => {
    const r = read("q=+Ручки+&purposeTitle=Выставка&from=01.11.2026&to=2026-11-30&totalFrom=1+500,50&totalTo=20000&client=3&client=1&representative=4&purpose=7&category=12&category=5&sort=sum-asc&page=2");
    expect(r.page).toBe(2);
    expect(r.sort.value).toBe("sum-asc");
    expect(r.errors).toEqual({});
    expect(r.filters).toEqual({
      q: "Ручки",
      purposeTitle: "Выставка",
      from: "2026-11-01",
      to: "2026-11-30",
      totalFrom: 1500.5,
      totalTo: 20000,
      client: [1, 3],
      representative: [4],
      purpose: [7],
      category: [5, 12],
    });
  });

  it("a page that is not one names no page", () => {
    for (const page of ["0", "-1", "x", "1.5", "9999999", ""]) expect(read(`page=${page}`).page, page).toBeNull();
  });

  it("drops what a form could not have sent: unknown sorts, ids that are not ids, repeats", () => {
    const r = read("sort=DROP+TABLE&client=abc&client=0&client=-3&client=2&client=2&client=99999999999&client=1e3&representative[]=5&purpose=%00");
    expect(r.sort.value).toBe("date-desc");
    expect(r.filters.client).toEqual([2]);
    expect(r.filters.representative).toEqual([5]);
    expect(r.filters.purpose).toEqual([]);
  });

  it("a typed value that is not a date or a sum is dropped from the query and comes back under its field", () => {
    const r = read("from=31.02.2026&to=завтра&totalFrom=-5&totalTo=1e400");
    expect(r.filters).toEqual(NO_FILTERS);
    expect(r.errors).toEqual({
      from: { value: "31.02.2026", message: NO_SUCH_DATE_MESSAGE },
      to: { value: "завтра", message: DATE_MESSAGE },
      totalFrom: { value: "-5", message: TOTAL_MESSAGE },
      totalTo: { value: "1e400", message: TOTAL_MESSAGE },
    });
  });

  it("huge and hostile text is cut to the contract's length, one line, no control characters", () => {
    const r = read(`q=${encodeURIComponent(`<script>alert(1)</script>\u0000\n${"я".repeat(5000)}`)}&purposeTitle=${"%27".repeat(400)}&from=${"1".repeat(5000)}`);
    expect(r.filters.q.length).toBeLessThanOrEqual(200);
    expect(r.filters.q.startsWith("<script>alert(1)</script> я")).toBe(true);
    expect(r.filters.purposeTitle).toBe("'".repeat(255));
    expect(r.errors.from?.value).toHaveLength(20);
    // Whatever came in, the API gets a query its contract takes.
    expect(KpListQuery.safeParse(kpListQuery({ page: 1, sort: r.sort, filters: r.filters }, false, 10)).success).toBe(true);
  });

  it("more than 100 ids of a kind: the first 100", () => {
    const many = Array.from({ length: 150 }, (_, i) => `client=${i + 1}`).join("&");
    expect(read(many).filters.client).toHaveLength(100);
  });
});

describe("kpListQuery", () => {
  it("maps the filters onto the contract's names, leaving out what is not set", () => {
    const r = read("q=кружка&from=2026-11-01&totalTo=5000&client=3&category=8&sort=title-asc");
    const query = kpListQuery({ page: 1, sort: r.sort, filters: r.filters }, true, 10);
    expect(query).toEqual({
      page: 1,
      limit: 10,
      sortBy: "title",
      sortOrder: "asc",
      hidden: "1",
      search: "кружка",
      purposeTitle: undefined,
      createdAtFrom: "2026-11-01",
      createdAtTo: undefined,
      totalPriceFrom: undefined,
      totalPriceTo: 5000,
      clientIds: [3],
      representativeIds: undefined,
      purposeIds: undefined,
      categoryIds: [8],
    });
    expect(KpListQuery.parse(query)).toMatchObject({ hidden: "1", clientIds: [3], categoryIds: [8], totalPriceTo: 5000 });
  });
});

describe("the URL's one spelling", () => {
  it("leaves defaults and empty values out", () => {
    expect(offerListSearch(NO_FILTERS, "date-desc")).toBe("");
    expect(offerListSearch({ ...NO_FILTERS, from: "2026-11-01", client: [1, 3] }, "sum-desc", 2)).toBe("?from=2026-11-01&client=1&client=3&sort=sum-desc&page=2");
    expect(offerListSearch({ ...NO_FILTERS, category: [4, 9] }, "date-desc")).toBe("?category=4&category=9");
  });

  it("the page's state (the delete's second step, its message) follows the filters; junk state is dropped", () => {
    const asked = new URLSearchParams("client=3&confirm-delete=15&deleted=1");
    expect(readOfferListState(asked)).toEqual({ confirmDelete: 15, deleted: true });
    expect(canonicalOfferListSearch(asked, readOfferListRequest(asked), readOfferListState(asked))).toBeNull();
    for (const junk of ["confirm-delete=abc", "confirm-delete=0", "confirm-delete=99999999999", "confirm-delete=%3Cscript%3E", "deleted=yes", "confirm-delete=05"]) {
      const search = new URLSearchParams(`client=3&${junk}`);
      expect(readOfferListState(search), junk).toEqual({ confirmDelete: null, deleted: false });
      expect(canonicalOfferListSearch(search, readOfferListRequest(search), readOfferListState(search)), junk).toBe("?client=3");
    }
  });

  it("an offer's id as a form sends it: digits, no leading zero, a database id", () => {
    expect(offerIdParam("15")).toBe(15);
    expect(offerIdParam("2147483647")).toBe(2147483647);
    for (const junk of [null, "", "0", "05", "-1", "1e3", "2147483648", "9".repeat(300), " 5", "<script>", new File([], "5")]) expect(offerIdParam(junk), String(junk)).toBeNull();
  });

  it("a submitted form (empty fields, dd.mm.yyyy) is redirected to it; a canonical URL is not", () => {
    const submitted = new URLSearchParams("q=&purposeTitle=&from=01.11.2026&to=&totalFrom=&totalTo=&sort=date-desc");
    expect(canonicalOfferListSearch(submitted, readOfferListRequest(submitted))).toBe("?from=2026-11-01");
    const canonical = new URLSearchParams("from=2026-11-01");
    expect(canonicalOfferListSearch(canonical, readOfferListRequest(canonical))).toBeNull();
    const single = new URLSearchParams("from=2026-11-01&_routes=routes%2Fcp-list");
    expect(canonicalOfferListSearch(single, readOfferListRequest(single))).toBeNull();
  });

  it("a field with an error keeps the URL as typed (the field shows it back)", () => {
    const typed = new URLSearchParams("q=&from=32.01.2026");
    expect(canonicalOfferListSearch(typed, readOfferListRequest(typed))).toBeNull();
  });
});
