/** The §4 city switch without state changes on GET and without open redirects (issue 16, ADR 024). */
import { describe, expect, it } from "vitest";
import type { City } from "#contract/content.ts";
import { hostForCity, isMoscowHost } from "#app/lib/city.ts";
import { action, loader } from "./city.ts";
import type { Route } from "./+types/city";

const city = (id: number, title: string, domainPrefix: string | null = null): City => ({ id, title, titlePrepositional: title, titleDative: title, domainPrefix });
const CITIES = [city(1, "Санкт-Петербург"), city(2, "Москва", "msk"), city(3, "Россия"), city(4, "Казань <&>")];

/** The load context parts the action reads, for a request on `host`. */
function contextFor(host: string, cookieDomain?: string) {
  const hostname = host.replace(/:\d+$/, "");
  return {
    cities: CITIES,
    site: { origin: `https://${host}`, host, hostname, protocol: "https", isMoscow: isMoscowHost(hostname) },
    originForCity: (target: Pick<City, "domainPrefix">) => `https://${hostForCity(host, target)}`,
    cookieDomain,
    nonce: "n0nce+/=",
  };
}

async function post(host: string, body: BodyInit, options: { contentType?: string; cookieDomain?: string } = {}): Promise<Response> {
  const headers = options.contentType ? { "Content-Type": options.contentType } : undefined;
  const request = new Request(`https://${host}/city`, { method: "POST", body, headers });
  try {
    return (await action({ request, context: contextFor(host, options.cookieDomain), params: {} } as unknown as Route.ActionArgs)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("POST /city", () => {
  it("on the same host: stores the city and goes to the page (303)", async () => {
    const response = await post("example.ru", form({ cityId: "1", redirectTo: "/delivery?x=1" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/delivery?x=1");
    // A choice answers the city question too (ADR 062): no suggestion from the IP after it.
    expect(response.headers.getSetCookie()).toEqual([
      "cityId=1; Max-Age=2678400; Domain=example.ru; Path=/; Secure; SameSite=Lax",
      "cityAsked=1; Max-Age=2678400; Domain=example.ru; Path=/; Secure; SameSite=Lax",
    ]);
  });

  it("to the Moscow host: straight there, no cityId (§4: that host always means Москва), the question answered", async () => {
    for (const [host, domain] of [
      ["example.ru", "; Domain=example.ru"],
      ["localhost:3000", ""],
    ]) {
      const response = await post(host, form({ cityId: "2", redirectTo: "/about" }));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`https://msk.${host}/about`);
      expect(response.headers.getSetCookie()).toEqual([`cityAsked=1; Max-Age=2678400${domain}; Path=/${domain ? "; Secure" : ""}; SameSite=Lax`]);
    }
  });

  it("to the plain host on a real domain: the shared cookie is set here, then straight there", async () => {
    const response = await post("msk.example.ru", form({ cityId: "1", redirectTo: "/about" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("https://example.ru/about");
    expect(response.headers.get("Set-Cookie")).toContain("cityId=1;");
    expect(response.headers.get("Set-Cookie")).toContain("Domain=example.ru");
  });

  it("to the plain host on local hosts: a page that posts the choice there (a nonce'd script, a button without JavaScript)", async () => {
    const response = await post("msk.localhost:3000", form({ cityId: "4", redirectTo: '/about?a=1&b="2"' }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<form action="https://localhost:3000/city" method="post">');
    expect(html).toContain('<input type="hidden" name="cityId" value="4"/>');
    // The path as the URL parser spells it, then escaped for the attribute.
    expect(html).toContain('<input type="hidden" name="redirectTo" value="/about?a=1&amp;b=%222%22"/>');
    expect(html).toContain('<button type="submit">Продолжить</button>');
    expect(html).toContain('<script nonce="n0nce+/=">document.forms[0].submit()</script>');
    expect(html).toContain("Казань &lt;&amp;&gt;");
    expect(html).not.toContain("Казань <&>");
  });

  it.each([
    ["/\t/evil.com", "/"],
    ["//evil.com", "/"],
    ["/.//evil.com", "/"],
    ["https://evil.com/", "/"],
    ["/\\evil.com", "/evil.com"],
    ["/\uFFFD", "/%EF%BF%BD"],
  ])("redirectTo %j goes to %j on this site, never another", async (redirectTo, location) => {
    const response = await post("example.ru", form({ cityId: "3", redirectTo }));
    expect(response.headers.get("Location")).toBe(location);
  });

  it("to another host, redirectTo stays a path there too", async () => {
    const response = await post("example.ru", form({ cityId: "2", redirectTo: "/\t/evil.com" }));
    expect(response.headers.get("Location")).toBe("https://msk.example.ru/");
  });

  it.each([
    ["a JSON body", '{"cityId":3}', "application/json"],
    ["text", "cityId=3", "text/plain"],
    ["no city id", "redirectTo=/", "application/x-www-form-urlencoded"],
    ["an unknown city", "cityId=99", "application/x-www-form-urlencoded"],
    ["a city id that is no number", "cityId=abc", "application/x-www-form-urlencoded"],
  ])("%s: 400 «Город не найден», nothing stored", async (_, body, contentType) => {
    const response = await post("example.ru", body, { contentType });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Город не найден");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("GET /city", () => {
  it("changes nothing: the §2 404, whatever the query says", () => {
    const url = new URL("https://example.ru/city?cityId=1&to=/about");
    let thrown: unknown;
    try {
      loader({ url, request: new Request(url), context: contextFor("example.ru"), params: {} } as unknown as Route.LoaderArgs);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect((thrown as Response).headers.get("Set-Cookie")).toBeNull();
  });
});
