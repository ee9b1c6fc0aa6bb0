import { describe, expect, it } from "vitest";
import {
  AUTH_COOKIE_MAX_AGE,
  AUTH_COOKIE_NAMES,
  authCookieMigration,
  authCookies,
  readAuthCookies,
  cityCookie,
  cookieDomain,
  isLocalHost,
  readCookies,
  REFRESH_COOKIE,
  sharesCookies,
  TOKEN_COOKIE,
} from "./cookies.server.ts";

/** A Set-Cookie header split into name, value and attributes (attribute names lower-cased). */
function parseSetCookie(header: string) {
  const [pair, ...parts] = header.split(/;\s*/);
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const i = part.indexOf("=");
    if (i === -1) attributes[part.toLowerCase()] = true;
    else attributes[part.slice(0, i).toLowerCase()] = part.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

const TOKENS = { token: "jwt.access.token", refreshToken: "refresh-123" };

describe("constants (§9)", () => {
  it("auth cookies live 2678400 s (31 days) under the names token and refreshToken", () => {
    expect(AUTH_COOKIE_MAX_AGE).toBe(2678400);
    expect(AUTH_COOKIE_MAX_AGE).toBe(31 * 24 * 60 * 60);
    expect(TOKEN_COOKIE).toBe("token");
    expect(REFRESH_COOKIE).toBe("refreshToken");
  });
});

describe("isLocalHost", () => {
  it.each(["localhost", "msk.localhost", "LOCALHOST", "localhost:3000", "127.0.0.1", "192.168.1.10:8080", "[::1]", "[::1]:3000", "::1"])(
    "%s is local",
    (host) => {
      expect(isLocalHost(host)).toBe(true);
    },
  );

  it.each(["example.ru", "msk.example.ru", "localhost.example.ru", "mylocalhost.ru"])("%s is not local", (host) => {
    expect(isLocalHost(host)).toBe(false);
  });
});

describe("cookieDomain (§9: shared across subdomains)", () => {
  it.each([
    ["example.ru", "example.ru"],
    ["msk.example.ru", "example.ru"],
    ["MSK.Example.RU", "example.ru"],
    ["msk.example.ru:8443", "example.ru"],
    ["example.ru.", "example.ru"],
  ])("%s → Domain=%s", (host, domain) => {
    expect(cookieDomain(host)).toBe(domain);
  });

  it.each(["localhost", "msk.localhost", "localhost:3000", "127.0.0.1", "10.0.0.5", "[::1]", "intranet"])("%s → no Domain", (host) => {
    expect(cookieDomain(host)).toBeUndefined();
  });

  it("a configured COOKIE_DOMAIN wins", () => {
    expect(cookieDomain("msk.shop.example.ru", "example.ru")).toBe("example.ru");
    expect(cookieDomain("localhost", "example.ru")).toBe("example.ru");
  });
});

describe("authCookies", () => {
  it("on a public host: HttpOnly, Max-Age 2678400, Path=/, SameSite=Lax, Secure, Domain of the base host", () => {
    for (const host of ["example.ru", "msk.example.ru"]) {
      const cookies = authCookies(host, TOKENS).map(parseSetCookie);
      expect(cookies.map((c) => [c.name, c.value])).toEqual([
        ["token", TOKENS.token],
        ["refreshToken", TOKENS.refreshToken],
      ]);
      for (const { attributes } of cookies) {
        expect(attributes).toEqual({
          "max-age": "2678400",
          domain: "example.ru",
          path: "/",
          httponly: true,
          secure: true,
          samesite: "Lax",
        });
      }
    }
  });

  it.each(["localhost", "msk.localhost", "127.0.0.1"])("on %s: no Secure and no Domain, still HttpOnly and Lax", (host) => {
    for (const { attributes } of authCookies(host, TOKENS).map(parseSetCookie)) {
      expect(attributes).toEqual({ "max-age": "2678400", path: "/", httponly: true, samesite: "Lax" });
    }
  });

  it("clearing sets both cookies empty with Max-Age=0 and the same Domain and Path", () => {
    const cleared = authCookies("msk.example.ru", null).map(parseSetCookie);
    expect(cleared.map((c) => [c.name, c.value])).toEqual([
      ["token", ""],
      ["refreshToken", ""],
    ]);
    for (const { attributes } of cleared) {
      expect(attributes).toMatchObject({ "max-age": "0", domain: "example.ru", path: "/", httponly: true, samesite: "Lax", secure: true });
    }
  });

  it("a configured domain is used", () => {
    const [token] = authCookies("shop.example.ru", TOKENS, "example.ru").map(parseSetCookie);
    expect(token.attributes.domain).toBe("example.ru");
  });

  it("token values survive a round trip through the Cookie header", () => {
    const tokens = { token: "a b;c=d", refreshToken: "ключ" };
    const header = authCookies("example.ru", tokens)
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(readCookies(header)).toMatchObject({ token: tokens.token, refreshToken: tokens.refreshToken });
  });
});

describe("the `__Secure-` names on https (issue 25)", () => {
  it("sets __Secure-token / __Secure-refreshToken with Secure and the shared Domain, and clears the plain pair", () => {
    const cookies = authCookies("msk.example.ru", TOKENS, undefined, true).map(parseSetCookie);
    expect(cookies.map((c) => [c.name, c.value, c.attributes["max-age"]])).toEqual([
      ["__Secure-token", TOKENS.token, "2678400"],
      ["__Secure-refreshToken", TOKENS.refreshToken, "2678400"],
      ["token", "", "0"],
      ["refreshToken", "", "0"],
    ]);
    for (const { attributes } of cookies) expect(attributes).toMatchObject({ secure: true, domain: "example.ru", path: "/", httponly: true, samesite: "Lax" });
  });

  it("https on a local host is still Secure (the prefix needs it); http keeps the plain names", () => {
    expect(authCookies("localhost", TOKENS, undefined, true).map(parseSetCookie)[0]).toMatchObject({ name: "__Secure-token", attributes: { secure: true } });
    expect(authCookies("localhost", TOKENS).map(parseSetCookie).map((c) => c.name)).toEqual(["token", "refreshToken"]);
  });

  it("clearing on https clears both pairs", () => {
    const cleared = authCookies("example.ru", null, undefined, true).map(parseSetCookie);
    expect(cleared.map((c) => c.name)).toEqual(["__Secure-token", "__Secure-refreshToken", "token", "refreshToken"]);
    for (const { attributes } of cleared) expect(attributes["max-age"]).toBe("0");
  });

  it("reads the names of the protocol; on https the plain pair of before is the session until moved", () => {
    expect(readAuthCookies({ token: "a", refreshToken: "b", "__Secure-token": "x" }, false)).toEqual({ token: "a", refreshToken: "b", legacy: false });
    expect(readAuthCookies({ "__Secure-token": "x", "__Secure-refreshToken": "y" }, true)).toEqual({ token: "x", refreshToken: "y", legacy: false });
    expect(readAuthCookies({ "__Secure-token": "x", "__Secure-refreshToken": "y", token: "a" }, true)).toEqual({ token: "x", refreshToken: "y", legacy: true });
    expect(readAuthCookies({ token: "a", refreshToken: "b" }, true)).toEqual({ token: "a", refreshToken: "b", legacy: true });
    expect(readAuthCookies({ cityId: "2" }, true)).toEqual({ token: undefined, refreshToken: undefined, legacy: false });
  });

  it("moves a plain pair to the __Secure- names with the same values, and clears the plain one", () => {
    const moved = authCookieMigration("example.ru", { token: "a", refreshToken: "b", legacy: true }).map(parseSetCookie);
    expect(moved.map((c) => [c.name, c.value, c.attributes["max-age"]])).toEqual([
      ["__Secure-token", "a", "2678400"],
      ["__Secure-refreshToken", "b", "2678400"],
      ["token", "", "0"],
      ["refreshToken", "", "0"],
    ]);
    for (const { attributes } of moved) expect(attributes).toMatchObject({ secure: true, domain: "example.ru", httponly: true });
    expect(authCookieMigration("example.ru", { token: "x", legacy: false })).toEqual([]);
  });

  it("every name counts as a session for the page cache", () => {
    expect([...AUTH_COOKIE_NAMES].sort()).toEqual(["__Secure-refreshToken", "__Secure-token", "refreshToken", "token"]);
  });
});

describe("cityCookie (§4, §9)", () => {
  it("cityId with Max-Age 2678400 and Path=/, shared across subdomains", () => {
    const { name, value, attributes } = parseSetCookie(cityCookie("msk.example.ru", 2));
    expect([name, value]).toEqual(["cityId", "2"]);
    expect(attributes).toMatchObject({ "max-age": "2678400", path: "/", domain: "example.ru", samesite: "Lax", secure: true });
  });

  it("on localhost: no Domain, no Secure", () => {
    const { attributes } = parseSetCookie(cityCookie("localhost", 3));
    expect(attributes).toEqual({ "max-age": "2678400", path: "/", samesite: "Lax" });
  });
});

describe("cookies for hosts that are not host names (issue 16: `cookie` threw and the process died)", () => {
  it.each(["a_b.example.ru", "-bad-.ru", "a..b.ru", Buffer.from("магазин.рф").toString("latin1"), "a b", "example.ru/x"])(
    "%j: no Domain, and no throw",
    (host) => {
      expect(cookieDomain(host)).toBeUndefined();
      expect(parseSetCookie(cityCookie(host, 3)).attributes.domain).toBeUndefined();
      expect(() => authCookies(host, TOKENS)).not.toThrow();
    },
  );
});

describe("sharesCookies (the city switch goes straight to a host that sees the cookie)", () => {
  it.each([
    ["example.ru", "msk.example.ru", undefined, true],
    ["msk.example.ru", "example.ru", undefined, true],
    ["shop.example.ru", "msk.shop.example.ru", "example.ru", true],
    ["shop.example.ru", "msk.shop.example.ru", ".example.ru", true],
    ["shop.example.ru", "other.example.com", "example.ru", false],
    ["localhost", "msk.localhost", undefined, false],
    ["msk.localhost:3000", "localhost:3000", undefined, false],
    ["127.0.0.1", "127.0.0.1", undefined, false],
  ])("%s → %s (COOKIE_DOMAIN %s): %s", (from, to, configured, shared) => {
    expect(sharesCookies(from, to, configured)).toBe(shared);
  });
});

describe("readCookies", () => {
  it("parses a Cookie header", () => {
    expect(readCookies("token=abc; cityId=2; refreshToken=r%201")).toEqual({ token: "abc", cityId: "2", refreshToken: "r 1" });
  });

  it.each([undefined, null, ""])("gives an empty object for %j", (header) => {
    expect(readCookies(header)).toEqual({});
  });
});
