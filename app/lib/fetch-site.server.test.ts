import { describe, expect, it } from "vitest";
import { startedOnThisSite } from "./fetch-site.server.ts";

const site = { protocol: "https", host: "tmg-podarki.ru" };
const started = (headers: Record<string, string>, on = site) => startedOnThisSite(new Headers(headers), on);

describe("startedOnThisSite (issue 25: a GET from another site records no search)", () => {
  it("Sec-Fetch-Site: our own page, the msk. host, a typed address or bookmark are ours; another site is not", () => {
    expect(started({ "Sec-Fetch-Site": "same-origin" })).toBe(true);
    expect(started({ "Sec-Fetch-Site": "same-site" })).toBe(true);
    expect(started({ "Sec-Fetch-Site": "none" })).toBe(true);
    expect(started({ "Sec-Fetch-Site": "cross-site" })).toBe(false);
    expect(started({ "Sec-Fetch-Site": "Cross-Site" })).toBe(false);
    expect(started({ "Sec-Fetch-Site": "junk" })).toBe(false);
  });

  it("Sec-Fetch-Site wins over a Referer (which another site can name freely)", () => {
    expect(started({ "Sec-Fetch-Site": "cross-site", Referer: "https://tmg-podarki.ru/" })).toBe(false);
    expect(started({ "Sec-Fetch-Site": "same-origin", Referer: "https://spam.example/" })).toBe(true);
  });

  it("without Sec-Fetch-Site (an old browser, curl): only a Referer of this site or its regional variant counts", () => {
    expect(started({ Referer: "https://tmg-podarki.ru/catalog/ruchki" })).toBe(true);
    expect(started({ Referer: "https://msk.tmg-podarki.ru/" })).toBe(true);
    expect(started({ Referer: "https://msk.tmg-podarki.ru/" }, { protocol: "https", host: "msk.tmg-podarki.ru" })).toBe(true);
    expect(started({ Referer: "https://tmg-podarki.ru/" }, { protocol: "https", host: "msk.tmg-podarki.ru" })).toBe(true);
    expect(started({ Referer: "http://tmg-podarki.ru/" })).toBe(false);
    expect(started({ Referer: "https://tmg-podarki.ru.spam.example/" })).toBe(false);
    expect(started({ Referer: "https://spam.example/?u=https://tmg-podarki.ru/" })).toBe(false);
    expect(started({ Referer: "not a url" })).toBe(false);
    expect(started({})).toBe(false);
    expect(started({ Referer: "http://localhost:3000/" }, { protocol: "http", host: "localhost:3000" })).toBe(true);
    expect(started({ Referer: "http://msk.localhost:3000/x" }, { protocol: "http", host: "localhost:3000" })).toBe(true);
  });

  it("a prefetch or prerender is no visit", () => {
    expect(started({ "Sec-Fetch-Site": "same-origin", "Sec-Purpose": "prefetch" })).toBe(false);
    expect(started({ "Sec-Fetch-Site": "same-origin", "Sec-Purpose": "prefetch;prerender" })).toBe(false);
    expect(started({ Referer: "https://tmg-podarki.ru/", Purpose: "prefetch" })).toBe(false);
  });
});
