/**
 * Issues 16 and 25: the W3C Nu HTML checker (vnu-jar, the checker validator.w3.org runs) finds no
 * errors on any page the shop serves, in the HTML people get and in the complete document crawlers
 * get. The pages come from the route table and the routes' handles (tests/support/public-pages.ts,
 * ADR 048): a page route without a parameter is checked at its path, and every URL of the pages
 * sitemap (what routes declare in `handle.sitemap`) is checked, with no list to edit. Routes with
 * parameters, logged-in and refused-form variants have their real instances below — every list
 * and detail, the account pages logged in, the cart pages, search, the 404 — and a parameter
 * route without one fails the test, naming it. It needs Java: `.ci/run` installs it when missing;
 * elsewhere the test is skipped with a note when there is none.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import vnu from "vnu-jar";
import { STATIC_PAGES } from "#app/features/content/static-pages.ts";
import { test, expect } from "#tests/support/fixtures.ts";
import { MSK_URL } from "#tests/support/servers.ts";
import { isPlainPath, PAGE_ROUTES, publicPages } from "#tests/support/public-pages.ts";
import { loggedInContext } from "../support/demo-login.ts";
import { demoPublicIds } from "../support/demo-offers.ts";

const hasJava = spawnSync("java", ["-version"]).status === 0;

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TOKEN = "A".repeat(43);

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** One page to check: a path (`msk:` = the Moscow host), who asks, and a form post if any. */
interface Instance {
  name: string;
  url: string;
  /** "user" / "manager": logged in as that demo account; else anonymous. */
  as?: "user" | "manager";
  /** Posted as a form without JavaScript would: the page with its field errors. */
  form?: Record<string, string>;
  /** Private pages are not for crawlers: checked as people get them only. */
  personOnly?: boolean;
}

/** The first link of a list page that matches, e.g. the first /news/{id}. */
async function firstLink(request: APIRequestContext, list: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(list)).text();
  const found = pattern.exec(html)?.[0];
  expect(found, `a link like ${pattern} on ${list}`).toBeTruthy();
  return found!;
}

/**
 * The pages to check, by route pattern: the variants below, each page route without a parameter
 * at its own path, and every page of the pages sitemap.
 */
async function instances(request: APIRequestContext, manager?: APIRequestContext): Promise<Record<string, Instance[]>> {
  const table = await variants(request, manager);
  for (const { pattern } of PAGE_ROUTES) {
    if (isPlainPath(pattern) && !table[pattern]?.length) table[pattern] = [{ name: pattern, url: pattern }];
  }
  for (const page of await publicPages(request)) {
    const list = (table[page.pattern] ??= []);
    if (!list.some((i) => i.url === page.path)) list.push({ name: `sitemap ${page.path}`, url: page.path });
  }
  return table;
}

/** Routes with parameters, and the variants worth a check of their own (Moscow, logged in, a refused form). */
async function variants(request: APIRequestContext, manager?: APIRequestContext): Promise<Record<string, Instance[]>> {
  const product = ((await (await request.get("/api/product/list?pageLimit=1")).json()) as { data: { elements: { id: number }[] } }).data.elements[0]!.id;
  const news = await firstLink(request, "/news", /\/news\/\d+/);
  const promotion = await firstLink(request, "/actions", /\/actions\/\d+/);
  const category = await firstLink(request, "/catalog", /\/catalog\/(?!goods\/)[a-z0-9-]+(?=")/);
  const brand = await firstLink(request, "/brands", /\/brands\/[a-z0-9-]+(?=")/);
  const searchText = "/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0";
  // An offer of the manager's, from their list (without the manager's session: only its shape counts).
  const offer = manager ? await firstLink(manager, "/cp", /\/cp\/\d+(?=")/) : "/cp/1";
  // The client's page of an offer (ADR 054): the demo manager's open, accepted and closed offers, by their public ids.
  const publicOffer = await demoPublicIds(request);
  return {
    "/": [
      { name: "home", url: "/" },
      { name: "home, Moscow", url: "msk:/" },
    ],
    "/news": [
      { name: "news list", url: "/news" },
      { name: "news list, page 2", url: "/news?page=2" },
    ],
    "/news/:id": [{ name: "news item", url: news }],
    "/blog/:id": [
      { name: "blog post with comments", url: "/blog/25" },
      { name: "blog post with comments, logged in", url: "/blog/25", as: "user", personOnly: true },
      { name: "blog comment refused", url: "/blog/25", as: "user", form: { intent: "create", text: " " }, personOnly: true },
    ],
    "/actions/:id": [
      { name: "promotion", url: promotion },
      { name: "promotion with products", url: "/actions/43" },
    ],
    "/profile": [
      { name: "profile", url: "/profile", as: "user", personOnly: true },
      { name: "profile, a refused phone", url: "/profile", as: "user", form: { intent: "phone-set", phone: "12" }, personOnly: true },
    ],
    "/profile/companies": [
      { name: "companies", url: "/profile/companies", as: "user", personOnly: true },
      { name: "companies, a refused company", url: "/profile/companies", as: "user", form: { intent: "company-save", shortTitle: "", inn: "123" }, personOnly: true },
      { name: "companies, staff", url: "/profile/companies", as: "manager", personOnly: true },
    ],
    "/profile/orders": [{ name: "orders", url: "/profile/orders", as: "user", personOnly: true }],
    "/profile/cp": [
      { name: "offers", url: "/profile/cp", as: "user", personOnly: true },
      { name: "offers, hidden", url: "/profile/cp?hidden=1", as: "user", personOnly: true },
      { name: "offers, manager", url: "/profile/cp", as: "manager", personOnly: true },
    ],
    "/cp": [
      { name: "offers list, manager", url: "/cp", as: "manager", personOnly: true },
      { name: "offers list, filtered", url: "/cp?from=2020-01-01&sort=sum-desc", as: "manager", personOnly: true },
      { name: "offers list, a date that is not one", url: "/cp?from=31.02.2026&totalTo=x", as: "manager", personOnly: true },
      { name: "offers list, nothing found", url: "/cp?q=zzzqqq", as: "manager", personOnly: true },
      { name: "offers list, a category", url: "/cp?category=2147483647", as: "manager", personOnly: true },
      { name: "offers list, confirm a delete", url: `/cp?confirm-delete=${offer.split("/").pop()}`, as: "manager", personOnly: true },
      { name: "offers list, a refused action", url: "/cp", as: "manager", form: { intent: "hide", id: "abc" }, personOnly: true },
    ],
    "/cp/hidden": [{ name: "hidden offers, manager", url: "/cp/hidden", as: "manager", personOnly: true }],
    "/cp/:id": [
      { name: "offer, manager", url: offer, as: "manager", personOnly: true },
      { name: "offer, confirm a delete", url: `${offer}?confirm-delete=${offer.split("/").pop()}`, as: "manager", personOnly: true },
      { name: "offer, unknown", url: "/cp/99999999999", as: "manager", personOnly: true },
    ],
    "/cp/edit/new": [{ name: "offer editor, a new offer", url: "/cp/edit/new", as: "manager", personOnly: true }],
    "/cp/edit/:id": [
      { name: "offer editor, manager", url: offer.replace("/cp/", "/cp/edit/"), as: "manager", personOnly: true },
      { name: "offer editor, unknown", url: "/cp/edit/99999999999", as: "manager", personOnly: true },
    ],
    "/kp/:publicId": [
      { name: "public offer, open", url: `/kp/${publicOffer.open}`, personOnly: true },
      { name: "public offer, accepted", url: `/kp/${publicOffer.accepted}`, personOnly: true },
      { name: "public offer, closed", url: `/kp/${publicOffer.closed}`, personOnly: true },
      { name: "public offer, a refused acceptance", url: `/kp/${publicOffer.open}`, form: { version: "1", name: "", email: "x", phone: "12" }, personOnly: true },
      { name: "public offer, unknown", url: "/kp/UnknownUnknownUnknown9", personOnly: true },
    ],
    "/login": [
      { name: "login", url: "/login" },
      { name: "login by phone", url: "/login?by=phone" },
      { name: "login refused", url: "/login", form: { intent: "email", email: "nobody", password: "" }, personOnly: true },
    ],
    "/signup": [
      { name: "signup", url: "/signup" },
      { name: "signup refused", url: "/signup", form: { email: "x", password: "1", name: "" }, personOnly: true },
    ],
    "/reset-password": [{ name: "reset password", url: `/reset-password?token=${TOKEN}` }],
    "/reset-password/:token": [{ name: "reset password by path", url: `/reset-password/${TOKEN}` }],
    "/email/confirm": [{ name: "e-mail confirmation", url: `/email/confirm?token=${TOKEN}` }],
    "/:page": STATIC_PAGES.map((slug) => ({ name: `static page ${slug}`, url: `/${slug}` })),
    "/contacts": [
      { name: "contacts", url: "/contacts" },
      { name: "contacts, Moscow", url: "msk:/contacts" },
    ],
    "/favorites": [
      { name: "favourites", url: "/favorites" },
      { name: "favourites, logged in", url: "/favorites", as: "user", personOnly: true },
    ],
    "/catalog/:slug": [
      { name: "category", url: category },
      { name: "category, page 2 sorted", url: `${category}?page=2&sort=price-asc` },
    ],
    "/catalog/:slug/filter/*": [{ name: "category with filters", url: "/catalog/ruchki/filter/color=belyy" }],
    "/brands/:slug/*": [{ name: "brand", url: brand }],
    "/bestoffers/*": [{ name: "curated list", url: "/bestoffers" }],
    "/search": [{ name: "search, no query", url: "/search" }],
    "/search/*": [
      { name: "search", url: searchText },
      { name: "search with filters", url: "/search/filter/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0/sort=new/page=2" },
      { name: "search, nothing found", url: "/search/text=zzzqqq" },
    ],
    "/catalog/goods/:id": [{ name: "product", url: `/catalog/goods/${product}` }],
    // Every print type: the pages sitemap lists them (a handful).
    "/cart": [
      { name: "cart", url: "/cart", personOnly: true },
      { name: "cart, logged in", url: "/cart", as: "user", personOnly: true },
    ],
    "/cart/ordering": [
      { name: "ordering", url: "/cart/ordering", personOnly: true },
      { name: "ordering, logged in", url: "/cart/ordering", as: "user", personOnly: true },
      { name: "ordering refused", url: "/cart/ordering", form: { representativeName: "", representativePhone: "12" }, personOnly: true },
    ],
    "/thanks": [
      { name: "thanks", url: "/thanks?order=1042", personOnly: true },
      { name: "thanks, no number", url: "/thanks", personOnly: true },
    ],
    "/subscribe": [
      { name: "subscription", url: "/subscribe" },
      { name: "subscription refused", url: "/subscribe", form: { email: "nobody" }, personOnly: true },
    ],
    "/subscribe/confirm": [{ name: "subscription confirmation", url: `/subscribe/confirm?token=${TOKEN}` }],
    "/*": [
      { name: "404", url: "/no-such-page" },
      { name: "404, two segments", url: "/no/such-page" },
    ],
  };
}

/** A browser context logged in as a demo account (through the /login page, as a person). */
const loggedIn = loggedInContext;

test("every page route has instances to check, and every page of the pages sitemap is checked", async ({ request }) => {
  const table = await instances(request);
  expect(PAGE_ROUTES.length).toBeGreaterThan(30);
  expect(PAGE_ROUTES.filter((r) => !table[r.pattern]?.length).map((r) => `${r.pattern} (${r.file})`), "page routes without an instance").toEqual([]);
  expect(Object.keys(table).filter((pattern) => !PAGE_ROUTES.some((r) => r.pattern === pattern)), "instances of routes that do not exist").toEqual([]);
  const checked = new Set(Object.values(table).flatMap((list) => list.map((i) => i.url)));
  const listed = await publicPages(request);
  expect(listed.length).toBeGreaterThan(10);
  expect(listed.filter((p) => p.pattern === "/print/:id").length, "print types in the pages sitemap").toBeGreaterThan(1);
  expect(listed.filter((p) => !checked.has(p.path)).map((p) => p.path), "sitemap pages not checked").toEqual([]);
});

test("the Nu HTML checker finds no errors on any page the shop serves", async ({ request, browser }) => {
  test.skip(!hasJava && !process.env.CI, "no Java here (apt-get install -y default-jre-headless); .ci/run installs it");
  test.setTimeout(240_000);
  const accounts = { user: await loggedIn(browser, "user@demo.ru"), manager: await loggedIn(browser, "manager@demo.ru") };
  const table = await instances(request, accounts.manager.request);
  const dir = mkdtempSync(path.join(tmpdir(), "nu-"));
  try {
    const files: string[] = [];
    for (const instance of Object.values(table).flat()) {
      const visitors: [string, Record<string, string>][] = [["person", {}]];
      if (!instance.personOnly && !instance.as) visitors.push(["crawler", { "User-Agent": GOOGLEBOT }]);
      for (const [who, headers] of visitors) {
        const client = instance.as ? accounts[instance.as].request : request;
        // The Moscow site by its Host (Node does not resolve *.localhost as Chromium does).
        const msk: Record<string, string> = instance.url.startsWith("msk:") ? { Host: new URL(MSK_URL).host } : {};
        const url = instance.url.replace(/^msk:/, "");
        const response = instance.form
          ? await client.post(url, { form: instance.form, headers: { ...headers, ...msk, Accept: "text/html" }, maxRedirects: 0 })
          : await client.get(url, { headers: { ...headers, ...msk } });
        const type = response.headers()["content-type"] ?? "";
        expect(type, `${instance.name} (${who}) is a page`).toContain("text/html");
        expect([200, 400, 404], `${instance.name} (${who}): ${response.status()}`).toContain(response.status());
        const file = path.join(dir, `${instance.name.replace(/\W+/g, "-")}-${who}.html`);
        writeFileSync(file, await response.text());
        files.push(file);
      }
    }
    expect(files.length).toBeGreaterThan(60);
    // One JVM for every file; the JSON report goes to stderr, and the exit status is 1 on errors.
    // Anything else (no Java, a crash) fails the test: a checker that did not run proves nothing.
    const run = spawnSync("java", ["-jar", vnu, "--errors-only", "--format", "json", ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(run.error, "the checker ran").toBeUndefined();
    expect([0, 1], `the checker's exit status (stderr: ${run.stderr.slice(0, 500)})`).toContain(run.status);
    const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages.map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` — ${m.extract.trim()}` : ""}`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await Promise.all(Object.values(accounts).map((c) => c.close()));
  }
});
