import { describe, expect, it } from "vitest";
import { commentParagraphs } from "./comment-text.ts";

describe("comment text (issue 18: always sanitised; shown as plain text)", () => {
  it("keeps what a reader wrote, split into paragraphs", () => {
    expect(commentParagraphs("Спасибо за статью!\n\nА можно  заказать\nот 20 штук?")).toEqual(["Спасибо за статью!", "А можно заказать\nот 20 штук?"]);
    expect(commentParagraphs("Цена < 500 ₽ и > 300 ₽")).toEqual(["Цена < 500 ₽ и > 300 ₽"]);
  });

  it("takes out scripts, styles, iframes and their content, and every other tag", () => {
    expect(commentParagraphs(`Привет<script>alert(document.cookie)</script>!`)).toEqual(["Привет!"]);
    expect(commentParagraphs(`<style>body{display:none}</style><iframe src="https://evil.example"></iframe>Текст`)).toEqual(["Текст"]);
    expect(commentParagraphs(`<img src=x onerror="alert(1)">Картинка`)).toEqual(["Картинка"]);
    expect(commentParagraphs(`<a href="javascript:alert(1)" onclick="x()">ссылка</a>`)).toEqual(["ссылка"]);
    expect(commentParagraphs(`<b onmouseover=alert(1)>жирный</b> и <SCRIPT SRC=//x.js></SCRIPT>конец`)).toEqual(["жирный и конец"]);
    // An unclosed script still takes the rest with it.
    expect(commentParagraphs(`Начало<script>alert(1)`)).toEqual(["Начало"]);
  });

  it("drops control and invisible direction characters; nothing readable is no paragraph", () => {
    expect(commentParagraphs("Тек\u0000ст\u202e\u200b")).toEqual(["Текст"]);
    expect(commentParagraphs("<script>1</script>  \n\n <br>")).toEqual([]);
    expect(commentParagraphs("")).toEqual([]);
  });
});
