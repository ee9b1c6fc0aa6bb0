import { describe, expect, it } from "vitest";
import { pageOf, postBodyHtml } from "./posts.server.ts";

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("post body (§5: sanitised before display)", () => {
  it("removes scripts, event handlers, javascript: URLs and iframes", async () => {
    const html =
      `<p onclick="steal()">Текст<script>alert(1)</script></p>` +
      `<a href="javascript:alert(1)">ссылка</a><iframe src="https://evil.example"></iframe>` +
      `<img src="/api/media/mug/1-ffffff.svg" alt="Кружка" onerror="alert(1)"><svg onload="alert(1)"></svg>` +
      `<form action="/x"><input name="a"></form><p style="position:fixed">стиль</p>`;
    const clean = await postBodyHtml(html);
    expect(clean).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|<form|<input|style=/i);
    expect(clean).toContain("<p>Текст</p>");
    expect(clean).toContain('<img src="/api/media/mug/1-ffffff.svg" alt="Кружка" />');
    expect(clean).toContain("<a>ссылка</a>");
  });

  it("keeps headings, lists, tables, figures and links; an h1 of the content becomes an h2", async () => {
    const html =
      `<h1 id="t">Заголовок</h1><h2>Раздел</h2><ul><li>Пункт</li></ul><ol><li>Шаг</li></ol>` +
      `<table><caption>Цены</caption><thead><tr><th scope="col">Тираж</th></tr></thead><tbody><tr><td>100 шт.</td></tr></tbody></table>` +
      `<figure><img src="/a.svg" alt="a" width="600" height="600" loading="lazy"><figcaption>Подпись</figcaption></figure>` +
      `<p><a href="/delivery">Доставка</a> <strong>важно</strong></p>`;
    const clean = await postBodyHtml(html);
    expect(clean).toBe(html.replace(`<h1 id="t">Заголовок</h1>`, `<h2 id="t">Заголовок</h2>`).replace(`loading="lazy">`, `loading="lazy" />`));
  });
});

describe("?page of a post list", () => {
  const url = (query: string) => new URL(`http://x/news${query}`);

  it("reads plain page numbers; no ?page is page 1", () => {
    expect(pageOf(url(""), "/news")).toBe(1);
    expect(pageOf(url("?page=2"), "/news")).toBe(2);
    expect(pageOf(url("?page=999999"), "/news")).toBe(999999);
  });

  it("redirects ?page=1 to the list's own path (canonical without it)", async () => {
    const response = (await thrown(() => pageOf(url("?page=1"), "/news"))) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/news");
  });

  it.each([["?page=0"], ["?page=-1"], ["?page=01"], ["?page=abc"], ["?page=1e3"], ["?page=2&page=3"], ["?page=1234567"], ["?page=%3Cscript%3E"], ["?page="]])(
    "%s names no page: the §2 404",
    async (query) => {
      const error = (await thrown(() => pageOf(url(query), "/news"))) as { init?: { status?: number }; data?: unknown };
      expect(error.init?.status).toBe(404);
      expect(error.data).toBe("Page not found: /news");
    },
  );
});
