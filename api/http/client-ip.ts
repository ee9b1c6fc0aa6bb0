import type { Context } from "hono";
import { CLIENT_IP_HEADER } from "../../contract/index";

/**
 * The caller's IP as the storefront (from the visitor's `req.ip`) or the API's own listener (which
 * overwrites whatever an outside caller sent, app/lib/backend.server.ts) named it; "unknown" for a
 * direct in-process caller without one. Every per-IP limit counts by it.
 */
export function clientIp(c: Context): string {
  const value = c.req.header(CLIENT_IP_HEADER)?.trim() ?? "";
  return /^[0-9a-f.:]{2,45}$/i.test(value) ? value.toLowerCase() : "unknown";
}
