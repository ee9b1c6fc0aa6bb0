import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  future: {
    // Loaders get the request as it came (no per-loader copies without `.data`, `index` and
    // `_routes`); they read the normalised `url` argument instead of `request.url` (ADR 013).
    v8_passThroughRequests: true,
    // With it, the normalised `url` keeps a trailing slash (a ".data" request for "/a/" is
    // "/a/_.data"), so loaders still see "/catalog/x/" and answer the 301 to "/catalog/x".
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
