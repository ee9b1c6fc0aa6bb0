import { randomBytes } from "node:crypto";
import { deflateRawSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipWithNonce } from "./page-cache.ts";

const deflate = (part: Buffer) => deflateRawSync(part, { finishFlush: constants.Z_FULL_FLUSH });

describe("gzipWithNonce", () => {
  it.each([
    ["one part (no nonce in the page)", ["<!DOCTYPE html><p>Привет</p>"]],
    ["three parts", ['<script nonce="', '">a()</script><script nonce="', '">b()</script>']],
    ["empty parts at the edges", ["", "<p>между</p>", ""]],
    ["a large page", ["<html>" + "<li>Кружка с логотипом</li>".repeat(5_000), "</html>"]],
  ])("gunzips to the parts joined by the nonce: %s", (_name, texts) => {
    const parts = texts.map((t) => Buffer.from(t));
    const nonce = Buffer.from(randomBytes(16).toString("base64"));
    const gz = gzipWithNonce(parts.map(deflate), parts, nonce);
    expect(gunzipSync(gz).toString()).toBe(texts.join(nonce.toString()));
  });

  it("the compressed parts are reused: two nonces, two valid answers", () => {
    const parts = ["<a nonce=\"", "\">x</a>"].map((t) => Buffer.from(t));
    const deflated = parts.map(deflate);
    const one = gunzipSync(gzipWithNonce(deflated, parts, Buffer.from("AAAA"))).toString();
    const two = gunzipSync(gzipWithNonce(deflated, parts, Buffer.from("BBBBBBBB"))).toString();
    expect(one).toBe('<a nonce="AAAA">x</a>');
    expect(two).toBe('<a nonce="BBBBBBBB">x</a>');
  });
});
