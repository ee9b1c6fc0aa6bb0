import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The whole route manifest (~1 KB gzip, content-hashed, cached for a year) instead of a partial one
  // computed and written into every page, and no /__manifest requests as links appear (ADR 020).
  routeDiscovery: { mode: "initial" },
  future: {
    // Loaders get the request as it came (no per-loader copies without `.data`, `index` and
    // `_routes`); they read the normalised `url` argument instead of `request.url` (from ADR 013,
    // which ADR 023 superseded; the flag stayed).
    v8_passThroughRequests: true,
    // With it, the normalised `url` keeps a trailing slash (a ".data" request for "/a/" is
    // "/a/_.data"), so loaders still see "/catalog/x/" and answer the 301 to "/catalog/x".
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
