import { describe, expect, it } from "vitest";
import { KP_SORTS, ORDER_SORTS, ORDER_STATUS_TITLES, formatDate, listQuery, listSearch } from "./lists.ts";
import { OrderStatus } from "#contract/order.ts";

describe("account lists: ?page and ?sort", () => {
  it("reads the page and the order, defaulting to newest first", () => {
    expect(listQuery(new URLSearchParams(""), ORDER_SORTS)).toEqual({ page: 1, sort: ORDER_SORTS[0] });
    expect(listQuery(new URLSearchParams("page=3&sort=sum-asc"), ORDER_SORTS)).toEqual({ page: 3, sort: expect.objectContaining({ sortBy: "totalPrice", sortOrder: "asc" }) });
    expect(listQuery(new URLSearchParams("sort=title"), KP_SORTS).sort.sortBy).toBe("title");
  });
  it("a page that names nothing is null (the loader's 404); an unknown order is the default", () => {
    for (const bad of ["0", "-1", "x", "1.5", "9999999", ""]) expect(listQuery(new URLSearchParams({ page: bad }), ORDER_SORTS).page).toBeNull();
    expect(listQuery(new URLSearchParams("sort=<script>"), ORDER_SORTS).sort).toBe(ORDER_SORTS[0]);
  });
  it("spells links without page 1 and the default order", () => {
    expect(listSearch(1, "date-desc", "date-desc")).toBe("");
    expect(listSearch(2, "date-desc", "date-desc")).toBe("?page=2");
    expect(listSearch(2, "sum-asc", "date-desc")).toBe("?sort=sum-asc&page=2");
  });
  it("dates dd.mm.yy in Moscow time (§9); every status has a Russian title", () => {
    expect(formatDate("2026-11-20T22:30:00.000Z")).toBe("21.11.26");
    for (const s of OrderStatus.options) expect(ORDER_STATUS_TITLES[s]).toMatch(/^[А-ЯЁ][а-яё ]+$/);
  });
});
