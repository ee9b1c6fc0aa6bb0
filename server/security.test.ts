import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { HSTS, newNonce, securityHeaders } from "./security.ts";

function headersFor(host: string, protocol = "https", options: Parameters<typeof securityHeaders>[0] = {}) {
  const headers = new Map<string, string>();
  const res = { locals: {} as Record<string, unknown>, setHeader: (name: string, value: string) => void headers.set(name, value) };
  const req = { protocol, host };
  let called = false;
  securityHeaders(options)(req as unknown as Request, res as unknown as Response, () => void (called = true));
  expect(called).toBe(true);
  return { headers, nonce: String(res.locals.nonce) };
}

describe("securityHeaders", () => {
  it("gives every response its own nonce, in the policy and in res.locals", () => {
    const a = headersFor("shop.example");
    const b = headersFor("shop.example");
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.headers.get("Content-Security-Policy")).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${a.nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; ` +
        "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'; frame-ancestors 'self'; " +
        "form-action 'self' https://shop.example https://msk.shop.example; base-uri 'self'; object-src 'none'",
    );
    expect(b.headers.get("Content-Security-Policy")).toContain(`'nonce-${b.nonce}'`);
    expect(a.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
  });

  it("names the regional origins of the requesting host, and none for a malformed host", () => {
    expect(headersFor("msk.shop.example:3000", "http").headers.get("Content-Security-Policy")).toContain(
      "form-action 'self' http://shop.example:3000 http://msk.shop.example:3000;",
    );
    expect(headersFor("bad host'").headers.get("Content-Security-Policy")).toContain("form-action 'self' ;");
  });

  it("names Yandex Metrika's host for its script, pixels and requests only when a counter is set (§9, ADR 032)", () => {
    const without = headersFor("shop.example").headers.get("Content-Security-Policy")!;
    expect(without).not.toContain("yandex");
    const policy = headersFor("shop.example", "https", { metrika: true }).headers.get("Content-Security-Policy")!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic' https:\/\/mc\.yandex\.ru;/);
    expect(policy).toContain("img-src 'self' data: blob: https://mc.yandex.ru;");
    expect(policy).toContain("connect-src 'self' https://mc.yandex.ru;");
    expect(policy).toContain("frame-src 'self';");
    // The same host without the option, after it: the cached policy tail is per option set.
    expect(headersFor("shop.example").headers.get("Content-Security-Policy")).not.toContain("yandex");
  });

  it("lets the browser's error reports reach the DSN's origin, only when SENTRY_DSN is set (ADR 058)", () => {
    const policy = headersFor("shop.example", "https", { reportTo: "https://abc123@o1.ingest.sentry.io/42" }).headers.get("Content-Security-Policy")!;
    expect(policy).toContain("connect-src 'self' https://o1.ingest.sentry.io;");
    // Only connect-src: the SDK is our own chunk, the reports are fetch requests.
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic';/);
    expect(policy).not.toContain("abc123");
    expect(headersFor("shop.example", "https").headers.get("Content-Security-Policy")).not.toContain("sentry");
  });

  it("sends HSTS for a year with subdomains, on https only (issue 16)", () => {
    expect(HSTS).toBe("max-age=31536000; includeSubDomains");
    expect(headersFor("shop.example", "https").headers.get("Strict-Transport-Security")).toBe(HSTS);
    expect(headersFor("shop.example", "http").headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("makes 128-bit nonces that never repeat across refills of its random pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(newNonce());
    expect(seen.size).toBe(1000);
    for (const nonce of seen) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
