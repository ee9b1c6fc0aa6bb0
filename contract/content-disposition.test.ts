import { describe, expect, it } from "vitest";
import { asciiFileName, contentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the Russian name", () => {
    expect(contentDisposition("КП 2026-000124.pdf")).toBe(
      `attachment; filename="kp-2026-000124.pdf"; filename*=UTF-8''%D0%9A%D0%9F%202026-000124.pdf`,
    );
    expect(contentDisposition("КП 2026-000124 (версия 3).xlsx")).toBe(
      `attachment; filename="kp-2026-000124-versiya-3.xlsx"; filename*=UTF-8''%D0%9A%D0%9F%202026-000124%20%28%D0%B2%D0%B5%D1%80%D1%81%D0%B8%D1%8F%203%29.xlsx`,
    );
    expect(decodeURIComponent(contentDisposition("Счёт № 5.pdf").split("UTF-8''")[1]!)).toBe("Счёт № 5.pdf");
    expect(contentDisposition("a.pdf", "inline")).toMatch(/^inline; filename="a.pdf"; /);
  });

  it("keeps hostile names from breaking the header or the path", () => {
    for (const name of ['a"; filename="evil.exe', "../../etc/passwd", "a\r\nSet-Cookie: x=1", "\u202eexe.pdf", ""]) {
      const header = contentDisposition(name);
      expect(header).not.toMatch(/[\r\n]/);
      expect(header.match(/"/g)).toHaveLength(2);
      const fallback = /filename="([^"]*)"/.exec(header)![1]!;
      expect(fallback).toMatch(/^[a-z0-9._-]+$/);
      expect(decodeURIComponent(header.split("UTF-8''")[1]!)).not.toMatch(/[/\\\r\n"\u202e]/);
    }
  });

  it("transliterates Russian letters", () => {
    expect(asciiFileName("Щётка ЖЁЛТАЯ, съёмная.pdf")).toBe("shchetka-zheltaya-semnaya.pdf");
    expect(asciiFileName("№№№")).toBe("file");
  });
});
