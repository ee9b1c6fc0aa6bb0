/**
 * The storefront's own rate limit (issue 25, ADR 041): a page request that is not a GET (a form
 * post, a fetcher's submission) and reaches the API with a write counts once in the `page` tier of
 * the shop's limiter (limits/tiers.ts), per visitor IP, however many API calls it makes.
 *
 * Over the limit, the API is not called: its calls answer what the API itself would, a 429 with
 * Retry-After and the Russian message in the API's error shape. So every action shows the refusal
 * the way it shows any API refusal, in its form, with what the visitor typed kept; nobody gets a
 * bare 429 page. The API's own tiers (orders, uploads, …) are other buckets: a page action that
 * orders counts once in `page` and once in `order`, and neither allowance is halved.
 */
import { authEndpoints } from "#contract/auth.ts";
import { clientKey, RateLimited, type Limits } from "#limits/limiter.ts";
import { log } from "#log/logger.ts";

type Fetch = (request: Request) => Promise<Response>;

/**
 * The session's own calls pass free: a refused refresh would log the visitor out (the client drops
 * tokens it cannot renew), and a refused logout would leave the session alive on the server.
 */
const FREE = [authEndpoints.authRefresh.path, authEndpoints.authLogout.path];
const isFree = (request: Request) => {
  const path = new URL(request.url).pathname;
  return FREE.some((free) => path.endsWith(free));
};

export function pageLimitedFetch(fetch: Fetch, limits: Pick<Limits, "consume">, ip: string | undefined, logError: (message: string) => void = (message) => log.error(message)): Fetch {
  let verdict: Promise<RateLimited | null> | null = null;
  return async (request) => {
    if (request.method === "GET" || request.method === "HEAD" || isFree(request)) return fetch(request);
    verdict ??= limits.consume("page", clientKey(ip)).then(
      () => null,
      (error: unknown) => {
        if (error instanceof RateLimited) return error;
        // The count could not be kept: the visitor's write goes on.
        logError(`[limits] page limit unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      },
    );
    const refused = await verdict;
    if (!refused) return fetch(request);
    return new Response(JSON.stringify({ message: refused.message, errors: [] }), {
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": String(refused.retryAfterS) },
    });
  };
}
