import { describe, expect, it } from "vitest";
import { htmlToText, MAX_DESCRIPTION } from "./service";

describe("htmlToText (YML description)", () => {
  it("reads a description's paragraphs and list as sentences", () => {
    const html =
      "<p>Ручка «Аврора» от Terra — практичный сувенир.</p><ul><li>Материал: металл</li><li>Цветов в наличии: 3</li></ul><p>Нанесение: лазерная гравировка.</p>";
    expect(htmlToText(html)).toBe("Ручка «Аврора» от Terra — практичный сувенир. Материал: металл; Цветов в наличии: 3. Нанесение: лазерная гравировка.");
  });

  it("drops scripts and styles, decodes entities and cuts at the YML limit", () => {
    expect(htmlToText("<script>alert(1)</script>A &amp; B &lt;C&gt; &#1046; &#x416; &nbsp;&unknown;<style>p{}</style>")).toBe("A & B <C> Ж Ж &unknown;");
    const long = htmlToText(`<p>${"слово ".repeat(2000)}</p>`);
    expect(long.length).toBe(MAX_DESCRIPTION);
    expect(long.endsWith("…")).toBe(true);
  });
});
