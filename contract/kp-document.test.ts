import { describe, expect, it } from "vitest";
import { sampleKpDocument } from "#tests/support/kp-document.ts";
import { KP_DOCUMENT_MAX_LINES, KpDocument } from "./kp-document";

describe("KpDocument", () => {
  it("accepts a complete offer, with a moment or a date as its creation", () => {
    const doc = sampleKpDocument({ lines: 3 });
    expect(KpDocument.parse(doc)).toEqual(doc);
    expect(KpDocument.safeParse({ ...doc, createdAt: "2026-11-29" }).success).toBe(true);
    expect(KpDocument.safeParse({ ...doc, client: null, representative: null, delay: null, conditions: "" }).success).toBe(true);
    // A shop without a company of its own in the data, and a version frozen before validUntil became a date.
    expect(KpDocument.safeParse({ ...doc, seller: null, validUntil: "2026-12-09T20:59:59.000Z" }).success).toBe(true);
  });

  it("refuses what a document can't state or that would make it huge", () => {
    const doc = sampleKpDocument({ lines: 1 });
    const line = doc.lines[0]!;
    const bad = [
      { ...doc, lines: [] },
      { ...doc, lines: Array.from({ length: KP_DOCUMENT_MAX_LINES + 1 }, (_, i) => ({ ...line, position: Math.min(i + 1, KP_DOCUMENT_MAX_LINES) })) },
      { ...doc, version: 0 },
      { ...doc, validUntil: "09.12.2026" },
      { ...doc, title: "" },
      { ...doc, number: "" },
      { ...doc, conditions: "x".repeat(10_001) },
      { ...doc, lines: [{ ...line, count: 0 }] },
      { ...doc, lines: [{ ...line, count: 1_000_000 }] },
      { ...doc, lines: [{ ...line, unitPrice: -1 }] },
      { ...doc, lines: [{ ...line, title: "x".repeat(501) }] },
      { ...doc, lines: [{ ...line, printLines: Array.from({ length: 21 }, () => ({ description: "Печать", price: 1 })) }] },
      { ...doc, totals: { ...doc.totals, vatMode: "half" } },
      { ...doc, totals: { ...doc.totals, discount: -5 } },
      { ...doc, seller: { ...doc.seller, inn: "" } },
    ];
    for (const value of bad) expect(KpDocument.safeParse(value).success).toBe(false);
  });
});
