import { describe, expect, it } from "vitest";
import { MISSING_API_URL_MESSAGE, parseEnv, type Env } from "./env.server.ts";

describe("parseEnv", () => {
  it("applies the defaults (§9: REQUEST_TIMEOUT 6000, APP_ENV demo; PORT 3000)", () => {
    const env: Env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      REQUEST_TIMEOUT: 6000,
      APP_ENV: "demo",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATA_DIR: "./data",
      SHUTDOWN_TIMEOUT: 10,
    });
    expect(env.apiUrl).toBeNull();
    expect(env.API_URL).toBeUndefined();
    expect(env.COOKIE_DOMAIN).toBeUndefined();
  });

  it("reads and coerces given values", () => {
    const env = parseEnv({ PORT: "8080", REQUEST_TIMEOUT: "12000", APP_ENV: "production", AUTH_SECRET: "k".repeat(32), COOKIE_DOMAIN: "example.ru", NODE_ENV: "test" });
    expect(env).toMatchObject({ PORT: 8080, REQUEST_TIMEOUT: 12000, APP_ENV: "production", COOKIE_DOMAIN: "example.ru", NODE_ENV: "test" });
  });

  it("requires AUTH_SECRET (≥ 32 characters) in production with the embedded API, not with API_URL", () => {
    expect(() => parseEnv({ APP_ENV: "production" })).toThrow(/AUTH_SECRET/);
    expect(() => parseEnv({ APP_ENV: "production", AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ APP_ENV: "production", API_URL: "https://api.example.ru" }).AUTH_SECRET).toBeUndefined();
    expect(parseEnv({}).AUTH_SECRET).toBeUndefined();
  });

  it("checks REDIS_URL, SMS_URL and DADATA_API_KEY", () => {
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(() => parseEnv({ REDIS_URL: "http://x" })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ SMS_URL: "not a url" })).toThrow(/SMS_URL/);
    expect(() => parseEnv({ DADATA_API_KEY: "<script>" })).toThrow(/DADATA_API_KEY/);
  });

  it("reads DADATA_URL: DaData's own by default, a trailing slash dropped, no query or other scheme", () => {
    expect(parseEnv({}).DADATA_URL).toBe("https://suggestions.dadata.ru/suggestions/api/4_1/rs");
    expect(parseEnv({ DADATA_URL: "http://127.0.0.1:4010/rs/" }).DADATA_URL).toBe("http://127.0.0.1:4010/rs");
    expect(() => parseEnv({ DADATA_URL: "ftp://dadata.ru" })).toThrow(/DADATA_URL/);
    expect(() => parseEnv({ DADATA_URL: "https://dadata.ru/?ip=1" })).toThrow(/DADATA_URL/);
    expect(() => parseEnv({ DADATA_URL: "dadata" })).toThrow(/DADATA_URL/);
  });

  it("reads RENDER_CONCURRENCY: unset (the server then picks by where the API is), a number, or an error", () => {
    expect(parseEnv({}).RENDER_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ RENDER_CONCURRENCY: "" }).RENDER_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ RENDER_CONCURRENCY: "0" }).RENDER_CONCURRENCY).toBe(0);
    expect(parseEnv({ RENDER_CONCURRENCY: "12" }).RENDER_CONCURRENCY).toBe(12);
    expect(() => parseEnv({ RENDER_CONCURRENCY: "-1" })).toThrow(/RENDER_CONCURRENCY/);
    expect(() => parseEnv({ RENDER_CONCURRENCY: "many" })).toThrow(/RENDER_CONCURRENCY/);
  });

  it("parses a valid http(s) API_URL", () => {
    expect(parseEnv({ API_URL: "https://api.example.ru" }).apiUrl?.href).toBe("https://api.example.ru/");
    expect(parseEnv({ API_URL: "http://localhost:8000/" }).apiUrl?.href).toBe("http://localhost:8000/");
  });

  it.each(["not a url", "example.ru", "localhost:8000", "ftp://example.ru", "file:///etc/passwd", "javascript:alert(1)", "http://", "//example.ru"])(
    "API_URL %j is not a usable http(s) URL: throws exactly the §8 message",
    (API_URL) => {
      expect(() => parseEnv({ API_URL })).toThrowError(new Error("Create an .env file with VITE_API_URL property!"));
    },
  );

  it("the exported message is the §8 text", () => {
    expect(MISSING_API_URL_MESSAGE).toBe("Create an .env file with VITE_API_URL property!");
  });

  it.each(["", "   "])("an empty API_URL (%j) counts as unset", (API_URL) => {
    const env = parseEnv({ API_URL });
    expect(env.apiUrl).toBeNull();
    expect(env.API_URL).toBeUndefined();
  });

  it("empty variables get their defaults (PORT= is not port 0)", () => {
    const env = parseEnv({ PORT: "", REQUEST_TIMEOUT: "", APP_ENV: "", HOST: "", LOG_LEVEL: "", SENTRY_DSN: "", COOKIE_DOMAIN: "" });
    expect(env).toMatchObject({ PORT: 3000, REQUEST_TIMEOUT: 6000, APP_ENV: "demo", HOST: "0.0.0.0", LOG_LEVEL: "info" });
    expect(env.SENTRY_DSN).toBeUndefined();
    expect(env.COOKIE_DOMAIN).toBeUndefined();
  });

  it.each(["abc", "70000", "-1", "80.5"])("an invalid PORT %j throws with the field named", (PORT) => {
    expect(() => parseEnv({ PORT })).toThrowError(/^Invalid environment: PORT: /);
  });

  it.each(["0", "-5", "fast", "1.5"])("an invalid REQUEST_TIMEOUT %j throws with the field named", (REQUEST_TIMEOUT) => {
    expect(() => parseEnv({ REQUEST_TIMEOUT })).toThrowError(/^Invalid environment: REQUEST_TIMEOUT: /);
  });

  it("lists every invalid field", () => {
    expect(() => parseEnv({ PORT: "x", LOG_LEVEL: "verbose" })).toThrowError(/PORT: .*; LOG_LEVEL: /);
  });

  it("an invalid field is reported before the API_URL check", () => {
    expect(() => parseEnv({ PORT: "x", API_URL: "nope" })).toThrowError(/^Invalid environment: PORT/);
  });

  it("reads TRUST_PROXY: loopback by default, false, a hop count or a list; never true (issue 16)", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8, 192.168.1.5" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "fd00::/8", "192.168.1.5"]);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true would trust every client/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY/);
  });

  it("checks COOKIE_DOMAIN at start, not on every request (issue 16)", () => {
    expect(parseEnv({ COOKIE_DOMAIN: "Example.RU" }).COOKIE_DOMAIN).toBe("example.ru");
    expect(parseEnv({ COOKIE_DOMAIN: ".example.ru" }).COOKIE_DOMAIN).toBe(".example.ru");
    for (const bad of ["a_b.ru", "127.0.0.1", "example.ru:80", "магазин.рф"]) {
      expect(() => parseEnv({ COOKIE_DOMAIN: bad }), bad).toThrow(/COOKIE_DOMAIN/);
    }
  });

  it("reads METRIKA_ID (§9): digits only, unset = no analytics", () => {
    expect(parseEnv({}).METRIKA_ID).toBeUndefined();
    expect(parseEnv({ METRIKA_ID: "" }).METRIKA_ID).toBeUndefined();
    expect(parseEnv({ METRIKA_ID: " 98765432 " }).METRIKA_ID).toBe("98765432");
    for (const bad of ["abc", "123;alert(1)", "1".repeat(13), "-5"]) expect(() => parseEnv({ METRIKA_ID: bad }), bad).toThrow(/METRIKA_ID/);
  });

  it("reads SITE_URL as an origin, and requires it with SMTP_URL (links in letters)", () => {
    expect(parseEnv({ SITE_URL: "https://TMG-podarki.ru/" }).SITE_URL).toBe("https://tmg-podarki.ru");
    for (const bad of ["tmg-podarki.ru", "https://tmg-podarki.ru/path", "javascript:alert(1)"]) {
      expect(() => parseEnv({ SITE_URL: bad }), bad).toThrow(/SITE_URL/);
    }
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.ru:587" })).toThrow(/SITE_URL: required with SMTP_URL/);
    expect(parseEnv({ SMTP_URL: "smtp://mail.example.ru:587", SITE_URL: "https://tmg-podarki.ru" }).SITE_URL).toBe("https://tmg-podarki.ru");
  });
});
