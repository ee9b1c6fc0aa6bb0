/**
 * Where the storefront's /api calls go: the embedded reference API (in-process) or API_URL. The
 * server chooses it (server/backend.ts, the only place that starts api/); the app only uses it.
 */
export interface Backend {
  /** Absolute base of the /api contract, e.g. "http://reference.internal/api". */
  baseUrl: string;
  /** Fetch to use for API calls; in-process for the embedded API (no socket hop). */
  fetch: (request: Request) => Promise<Response>;
  /**
   * The reference API runs in this process: the server also serves `fetch` to browsers and other
   * clients at /api (server/api-listener.ts).
   */
  embedded?: boolean;
  /** Readiness: the database, or the external API, answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Subscribe to catalogue/content changes, so caches can be dropped: the embedded API's, and with
   * REDIS_URL every instance's (ADR 061); none from an external API but through that Redis.
   */
  onChange(listener: () => void): void;
  describe: string;
}
