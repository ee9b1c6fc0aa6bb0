/** The cart's body limits (issue 17): uploads and the ordering form get their own, the pricing action the default. */
import { describe, expect, it } from "vitest";
import { bodyLimit, covers, MiB, UPLOAD_RULES } from "./body-limit.ts";
import { UPLOAD_BODY_LIMIT } from "#contract/file.ts";

function run(path: string, length: number): { status: number | null; passed: boolean } {
  let status: number | null = null;
  let passed = false;
  const res = {
    statusCode: 200,
    setHeader() {},
    set() {
      return res;
    },
    status(code: number) {
      status = code;
      return res;
    },
    type() {
      return res;
    },
    send() {
      return res;
    },
    end() {
      return res;
    },
    headersSent: false,
    locals: {},
  };
  const req = { path, headers: { "content-length": String(length) }, method: "POST", url: path, originalUrl: path };
  bodyLimit({ limit: 1 * MiB, paths: UPLOAD_RULES })(req as never, res as never, () => {
    passed = true;
  });
  return { status: passed ? null : (status ?? res.statusCode), passed };
}

describe("body limits of the cart", () => {
  it("/cart/upload takes a 10 MB file with its envelope, not more", () => {
    expect(run("/cart/upload", UPLOAD_BODY_LIMIT).passed).toBe(true);
    expect(run("/cart/upload", UPLOAD_BODY_LIMIT + 1)).toEqual({ status: 413, passed: false });
  });
  it("/cart/ordering takes the file and the cart's lines", () => {
    expect(run("/cart/ordering", UPLOAD_BODY_LIMIT + MiB).passed).toBe(true);
    expect(run("/cart/ordering", UPLOAD_BODY_LIMIT + MiB + 1).passed).toBe(false);
  });
  it("the pricing action (/cart) keeps the 1 MB default", () => {
    expect(run("/cart", MiB).passed).toBe(true);
    expect(run("/cart", MiB + 1).passed).toBe(false);
    expect(run("/cart/uploads", 2 * MiB).passed).toBe(false);
  });
  // React Router 7 posts <Form> and fetcher submissions to the single-fetch URL: with JavaScript on,
  // the uploads went to "/cart/upload.data" and got the 1 MB default (413 → the error page).
  it("the single-fetch URLs (.data) get the same limits as their routes", () => {
    expect(run("/cart/upload.data", 5 * MiB).passed).toBe(true);
    expect(run("/cart/upload.data", UPLOAD_BODY_LIMIT).passed).toBe(true);
    expect(run("/cart/upload.data", UPLOAD_BODY_LIMIT + 1)).toEqual({ status: 413, passed: false });
    expect(run("/cart/ordering.data", UPLOAD_BODY_LIMIT + MiB).passed).toBe(true);
    expect(run("/cart/ordering.data", UPLOAD_BODY_LIMIT + MiB + 1).passed).toBe(false);
    // v8_trailingSlashAwareDataRequests: "/cart/upload/" posts to "/cart/upload/_.data".
    expect(run("/cart/upload/_.data", 5 * MiB).passed).toBe(true);
    // The pricing action and the home page keep the default.
    expect(run("/cart.data", MiB + 1).passed).toBe(false);
    expect(run("/_root.data", MiB + 1).passed).toBe(false);
  });
  it("a rule covers its path, its .data form and what is below it, nothing else", () => {
    expect(covers("/cart/upload", "/cart/upload")).toBe(true);
    expect(covers("/cart/upload", "/cart/upload.data")).toBe(true);
    expect(covers("/cart/upload", "/cart/upload/x")).toBe(true);
    expect(covers("/cart/upload", "/cart/uploads")).toBe(false);
    expect(covers("/cart/upload", "/cart/upload.datax")).toBe(false);
    expect(covers("/cart/upload", "/cart/uploaddata")).toBe(false);
  });
});
