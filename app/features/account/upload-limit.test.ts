import { describe, expect, it } from "vitest";
import { UPLOAD_RULES, covers } from "#server/body-limit.ts";
import { ACCOUNT_UPLOAD_LIMIT, ACCOUNT_UPLOAD_MESSAGE } from "./upload-limit.ts";

describe("account uploads: the body rule (server/body-limit.ts)", () => {
  const rule = (path: string) => UPLOAD_RULES.find((r) => covers(r.path, path));
  it("covers the photo and logo forms, with and without JavaScript (single-fetch .data URLs)", () => {
    for (const path of ["/profile", "/profile.data", "/profile/companies", "/profile/companies.data"]) {
      expect(rule(path), path).toEqual(expect.objectContaining({ limit: ACCOUNT_UPLOAD_LIMIT, message: ACCOUNT_UPLOAD_MESSAGE }));
    }
  });
  it("is a 5 MB image plus the form, and leaves other pages at the default", () => {
    expect(ACCOUNT_UPLOAD_LIMIT).toBe(5 * 1024 * 1024 + 64 * 1024);
    expect(rule("/profiles")).toBeUndefined();
    expect(rule("/cart")).toBeUndefined();
  });
});
