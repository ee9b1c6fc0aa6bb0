/** Any origin would do: it only tells a path of this site from a URL that leaves it. */
const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * A redirect target taken from a request, as a path of this site (percent-encoded, so it can go
 * into a Location header as it is), or `fallback`. Never an open redirect (issue 16):
 * - browsers drop tabs and newlines inside a URL and read "\" as "/", so "/\t/evil.com" and
 *   "/\evil.com" open evil.com: control characters and backslashes are removed first;
 * - "//evil.com" is another host, and so is what "/.//evil.com" normalises to;
 * - the URL parser percent-encodes what a header cannot carry ("/%FF" arrives as "/\uFFFD").
 */
export function safeRedirectPath(input: unknown, fallback = "/"): string {
  if (typeof input !== "string" || input.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const cleaned = input.replace(/[\u0000-\u001f\u007f\\]/g, "");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === PROBE_ORIGIN && !path.startsWith("//") ? path : fallback;
}
