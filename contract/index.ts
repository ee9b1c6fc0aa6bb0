import type { Endpoint } from "./endpoint.ts";
import { contentEndpoints } from "./content.ts";
import { profileEndpoints } from "./profile.ts";
import { authEndpoints } from "./auth.ts";
import { blogEndpoints } from "./blog.ts";
import { catalogEndpoints } from "./catalog.ts";
import { commentEndpoints } from "./comment.ts";
import { searchEndpoints } from "./search.ts";
import { cartEndpoints } from "./cart.ts";
import { fileEndpoints } from "./file.ts";
import { comparisonEndpoints } from "./comparison.ts";
import { favoritesEndpoints } from "./favorites.ts";
import { kpEndpoints } from "./kp.ts";
import { orderEndpoints } from "./order.ts";
import { seoEndpoints } from "./seo.ts";
import { subscriptionEndpoints } from "./subscription.ts";
import { feedEndpoints } from "./feed.ts";

export * from "./endpoint.ts";
export * from "./common.ts";
export * from "./content.ts";
export * from "./city-tokens.ts";
export * from "./profile.ts";
export * from "./auth.ts";
export * from "./blog.ts";
export * from "./catalog.ts";
export * from "./comment.ts";
export * from "./search.ts";
export * from "./cart.ts";
export * from "./file.ts";
export * from "./comparison.ts";
export * from "./favorites.ts";
export * from "./kp.ts";
export * from "./order.ts";
export * from "./seo.ts";
export * from "./subscription.ts";
export * from "./feed.ts";
export * from "./ordering-rules.ts";
export * from "./stock-note.ts";
export * from "./requisites.ts";
export * from "./address-line.ts";

/** Every call of §7, by id. The storefront client and the reference API both import this. */
export const endpoints = {
  ...contentEndpoints,
  ...profileEndpoints,
  ...authEndpoints,
  ...blogEndpoints,
  ...catalogEndpoints,
  ...commentEndpoints,
  ...searchEndpoints,
  ...cartEndpoints,
  ...fileEndpoints,
  ...comparisonEndpoints,
  ...favoritesEndpoints,
  ...kpEndpoints,
  ...orderEndpoints,
  ...seoEndpoints,
  ...subscriptionEndpoints,
  ...feedEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointId = keyof typeof endpoints;
