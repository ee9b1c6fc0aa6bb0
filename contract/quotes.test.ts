import { describe, expect, it } from "vitest";
import { quoted } from "./quotes.ts";

describe("quoted: a name in Russian quotes, never nested «…«…»…»", () => {
  it("a plain name gets «…»", () => {
    expect(quoted("Ромашка")).toBe("«Ромашка»");
    expect(quoted("  кружка ")).toBe("«кружка»");
  });
  it("quotes inside the name become „…“", () => {
    expect(quoted("ООО «Ромашка»")).toBe("«ООО „Ромашка“»");
    expect(quoted('ООО "Ромашка"')).toBe("«ООО „Ромашка“»");
    expect(quoted("Ручка «Акцент» синяя")).toBe("«Ручка „Акцент“ синяя»");
    expect(quoted('ручка "')).toBe("«ручка “»");
    expect(quoted("ООО «Ромашка»")).not.toMatch(/«[^»]*«/);
  });
});
