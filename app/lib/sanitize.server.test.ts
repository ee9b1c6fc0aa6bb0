import { describe, expect, it } from "vitest";
import { sanitizedHtml, sanitizeHtml, sanitizeHtmlNow } from "./sanitize.server.ts";

describe("sanitizedHtml", () => {
  it("sanitises (§5) and answers repeats from memory", async () => {
    const html = `<p onclick="x()">Текст<script>alert(1)</script></p>`;
    expect(await sanitizedHtml(html)).toBe("<p>Текст</p>");
    expect(await sanitizedHtml(html)).toBe("<p>Текст</p>");
    expect(await sanitizedHtml("")).toBe("");
  });

  it("drops the tags and attributes §5 forbids and keeps the content's markup", async () => {
    const html = `<h2 style="color:red">Нанесение</h2><form><input name="a"></form><iframe src="x"></iframe><a href="javascript:alert(1)">ссылка</a><ul><li>Шелкография</li></ul><img src="/a.png" onerror="x()">`;
    expect(await sanitizeHtml(html)).toBe(`<h2>Нанесение</h2><a>ссылка</a><ul><li>Шелкография</li></ul><img src="/a.png" />`);
  });

  it("keeps what an article or a description is made of", () => {
    const html =
      `<h3 class="lead">Как заказать</h3><p>Текст с <strong>жирным</strong>, <em>курсивом</em> и <a href="https://tmg-podarki.ru/about" title="О компании">ссылкой</a>.</p>` +
      `<table><thead><tr><th scope="col">Тираж</th></tr></thead><tbody><tr><td colspan="2">100 шт.</td></tr></tbody></table>` +
      `<ol start="3"><li>три</li></ol><blockquote>Цитата</blockquote><p><a href="mailto:info@tmg-podarki.ru">почта</a> <a href="tel:+78124072615">телефон</a></p>` +
      `<figure><img src="https://tmg-podarki.ru/a.webp" alt="Кружка" width="300" height="200" loading="lazy"><figcaption>Кружка</figcaption></figure>`;
    expect(sanitizeHtmlNow(html)).toBe(html.replace(/(<img[^>]*?)>/, "$1 />"));
  });

  it.each([
    [`<img src=x onerror=alert(1)>`, `<img src="x" />`],
    [`<svg><script>alert(1)</script></svg>`, ``],
    [`<svg onload=alert(1)><circle r="1"/></svg>`, ``],
    [`<a href="JaVaScRiPt:alert(1)">x</a>`, `<a>x</a>`],
    [`<a href="  javascript:alert(1)">x</a>`, `<a>x</a>`],
    [`<a href="java&#x09;script:alert(1)">x</a>`, `<a>x</a>`],
    [`<a href="data:text/html,<script>alert(1)</script>">x</a>`, `<a>x</a>`],
    [`<a href="vbscript:msgbox(1)">x</a>`, `<a>x</a>`],
    [`<a href="//evil.example/x">x</a>`, `<a>x</a>`],
    [`<img src="data:image/svg+xml;base64,PHN2Zz4=">`, `<img />`],
    [`<style>body{display:none}</style><p>a</p>`, `<p>a</p>`],
    [`<p style="background:url(javascript:alert(1))">a</p>`, `<p>a</p>`],
    [`<object data="x.swf"></object><embed src="x.swf">`, ``],
    [`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`, `<table></table>`],
    [`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`, ``],
    [`<template><img src=x onerror=alert(1)></template>`, ``],
    [`<meta http-equiv="refresh" content="0;url=https://evil.example">`, ``],
    [`<base href="https://evil.example/">`, ``],
    [`<link rel="stylesheet" href="https://evil.example/x.css">`, ``],
    [`<p id="header">a</p>`, `<p>a</p>`],
    [`<h2 id="__reactRouterContext">a</h2><h3 id="x y">b</h3><h2 id="dostavka">c</h2>`, `<h2>a</h2><h3>b</h3><h2 id="dostavka">c</h2>`],
    [`<form action="https://evil.example"><button formaction="x">Купить</button></form>`, ``],
    [`<details open ontoggle=alert(1)>x</details>`, `x`],
    [`<a href="https://tmg-podarki.ru" target="_blank">x</a>`, `<a href="https://tmg-podarki.ru" target="_blank" rel="noopener noreferrer">x</a>`],
  ])("hostile %s → %s", (html, clean) => {
    expect(sanitizeHtmlNow(html)).toBe(clean);
  });

  it("takes huge and junk input without throwing", () => {
    expect(sanitizeHtmlNow("<p>" + "а".repeat(1_000_000) + "</p>")).toHaveLength(1_000_007);
    expect(sanitizeHtmlNow("<".repeat(10_000))).not.toContain("<<");
    expect(sanitizeHtmlNow("<div>".repeat(5_000))).toBe("<div>".repeat(5_000) + "</div>".repeat(5_000));
    expect(sanitizeHtmlNow("\u0000<p>\uFFFF</p>")).toContain("<p>");
  });

  it("answers calls made together in their own order", async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `<p>Абзац ${i}<script>${i}</script></p>`);
    expect(await Promise.all(texts.map((text) => sanitizedHtml(text)))).toEqual(texts.map((_, i) => `<p>Абзац ${i}</p>`));
  });
});
