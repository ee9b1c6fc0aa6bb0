/**
 * The route table of §2, in one place. Pages that later issues build are listed in comments
 * where they will go; until they exist, their paths answer the normal 404 (routes/not-found.tsx).
 * Built so far: the static pages, contacts, city switch, the catalogue (home, category tree,
 * filtered listings, product, brands, curated lists, print types), viewed products, robots.txt,
 * the cart, ordering and thanks pages, news, blog and promotions, search, the account pages, the
 * offers list and an offer's page (/cp, /cp/hidden, /cp/{id}), the client's page of an offer
 * (/kp/{publicId}).
 *
 * §2's five layouts are layout routes (app/layouts/*.tsx, ADR 048): a page is listed under the
 * layout it uses, and a layout may have its own error boundary (the user area's keeps its menu).
 * Resource routes (`.ts`: JSON, redirects, files) render nothing and stay outside the layouts.
 * A public page that crawlers should find declares its sitemap entry in its own `handle`
 * (features/seo/sitemap-handle.ts); no list elsewhere names it.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // The full shell (header, footer): most pages.
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    // News, blog and promotions (§2, issue 18): one list module and one item module for the three.
    route("news", "routes/post-list.tsx", { id: "news-list" }),
    route("news/:id", "routes/post-item.tsx", { id: "news-item" }),
    route("blog", "routes/post-list.tsx", { id: "blog-list" }),
    route("blog/:id", "routes/post-item.tsx", { id: "blog-item" }),
    route("actions", "routes/post-list.tsx", { id: "promotion-list" }),
    route("actions/:id", "routes/post-item.tsx", { id: "promotion-item" }),
    // Authentication (issue 19, ADR 036): personal pages (private, noindex); the forms work without JavaScript.
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx", { id: "reset-password" }),
    route("reset-password/:token", "routes/reset-password.tsx", { id: "reset-password-token" }),
    route("email/confirm", "routes/email-confirm.tsx"),
    // The static pages (app/features/content/static-pages.ts): one route for all of them, since every
    // route costs React Router work on every request; other single-segment paths answer the 404.
    route(":page", "routes/static-page.tsx"),
    route("contacts", "routes/contacts.tsx"),
    // Favourites and comparison (issue 17): local storage, the lists load after hydration (ADR 026).
    route("favorites", "routes/favorites.tsx"),
    route("comparison", "routes/comparison.tsx"),

    // Catalogue listings (§2): one module per page kind, one route entry per path shape.
    route("catalog", "routes/catalog.tsx"),
    route("catalog/:slug", "routes/category.tsx", { id: "category" }),
    route("catalog/:slug/filter/*", "routes/category.tsx", { id: "category-filter" }),
    route("brands", "routes/brands.tsx"),
    route("brands/:slug/*", "routes/brand.tsx"),
    route("bestoffers/*", "routes/product-list.tsx", { id: "list-bestoffers" }),
    route("newones/*", "routes/product-list.tsx", { id: "list-newones" }),
    route("recommended/*", "routes/product-list.tsx", { id: "list-recommended" }),

    // Product and print pages (§2).
    route("catalog/goods/:id", "routes/product.tsx"),
    route("print", "routes/print-list.tsx"),
    route("print/:id", "routes/print-item.tsx"),

    // Cart, ordering and thanks (§2; personal: private, noindex).
    route("cart", "routes/cart.tsx"),
    route("cart/ordering", "routes/cart-ordering.tsx"),
    route("thanks", "routes/thanks.tsx"),

    // Newsletter subscription (issue 18): the form and the letter's confirmation link.
    route("subscribe", "routes/subscribe.tsx"),
    route("subscribe/confirm", "routes/subscribe-confirm.tsx"),

    // Every other path: the §2 404 inside this layout (the root's error boundary).
    route("*", "routes/not-found.tsx"),
  ]),

  // The account area (issue 19; private, noindex): profile with delivery addresses, companies,
  // orders, offers. Its error boundary shows an error beside the account menu.
  layout("layouts/user.tsx", [
    route("profile", "routes/profile.tsx"),
    route("profile/companies", "routes/profile-companies.tsx"),
    route("profile/orders", "routes/profile-orders.tsx"),
    route("profile/cp", "routes/profile-cp.tsx"),
  ]),

  // Search (§2, issue 18, ADR 029): /search (?text= → the canonical path), /search/text=… and
  // /search/filter/text=…/{filters...} in one module.
  layout("layouts/search.tsx", [
    route("search", "routes/search.tsx", { id: "search" }),
    route("search/*", "routes/search.tsx", { id: "search-results" }),
  ]),

  // A focused page: logo, content, a link home.
  // The client's page of an offer (issue 27, ADR 054; private, noindex): the letter's link, no login.
  layout("layouts/simple.tsx", [route("route", "routes/route-page.tsx"), route("kp/:publicId", "routes/kp-public.tsx")]),

  // Commercial offers (issue 27; private, noindex): the list, the hidden ones, an offer, the editor
  // (/cp/edit/new starts one, ADR 055).
  layout("layouts/kp.tsx", [
    route("cp", "routes/cp-list.tsx", { id: "cp-list" }),
    route("cp/hidden", "routes/cp-list.tsx", { id: "cp-hidden" }),
    route("cp/:id", "routes/cp-offer.tsx"),
    route("cp/edit/new", "routes/cp-edit.tsx", { id: "cp-edit-new" }),
    route("cp/edit/:id", "routes/cp-edit.tsx", { id: "cp-edit" }),
  ]),

  // Resource routes.
  // The address suggestions (DaData, loader only) and logout (issue 19).
  route("profile/address-suggest", "routes/profile-address-suggest.ts"),
  route("logout", "routes/logout.ts"),
  route("favorites/cards", "routes/favorites-cards.ts"),
  route("comparison/products", "routes/comparison-products.ts"),
  // Logged-in visitors' lists on the server (issue 19, ADR 034): JSON for the stores' adapters.
  route("favorites/sync", "routes/favorites-sync.ts"),
  route("comparison/sync", "routes/comparison-sync.ts"),
  // The header's search suggestions (loader only) and a logged-in visitor's search history (ADR 034).
  route("search/suggest", "routes/search-suggest.ts"),
  route("search/history", "routes/search-history.ts"),
  route("city", "routes/city.ts"),
  // The city suggested from the visitor's IP (DaData, ADR 062), asked after hydration; POST: "not now".
  route("city/from-ip", "routes/city-from-ip.ts"),
  // Crawlers: robots.txt. The sitemap files are served in front of React Router
  // (server/sitemaps.ts): one route per file name would slow every page.
  route("robots.txt", "routes/robots.ts"),
  route("viewed", "routes/viewed.ts"),
  route("coating-price", "routes/coating-price.ts"),
  route("cart/upload", "routes/cart-upload.ts"),
  route("cart/sync", "routes/cart-sync.ts"),
  // The login merge of a guest's local lists and cart (ADR 045).
  route("account/merge", "routes/account-merge.ts"),
  route("kp/export/:format/:id", "routes/kp-export.ts"),
  // The client's PDF of an offer (ADR 054), beside its page /kp/{publicId}.
  route("kp/:publicId/pdf", "routes/kp-public-pdf.ts"),
  // The offer editor's look-ups (search, a group, an article, a client's lists; ADR 055).
  route("cp/edit/lookup", "routes/cp-edit-lookup.ts"),
] satisfies RouteConfig;
