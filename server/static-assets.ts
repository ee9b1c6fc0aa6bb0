import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/**
 * Hashed assets (/assets/*): served with a year of immutable caching, and from the zopfli
 * pre-compressed `.gz` twin when the client accepts gzip (scripts/precompress.mjs).
 */
export function hashedAssets(clientDir: string): RequestHandler {
  const dir = path.join(clientDir, "assets");
  const gzipped = new Set(existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".gz")).map((f) => f.slice(0, -3)) : []);
  const serveStatic = express.static(dir, { immutable: true, maxAge: "1y", index: false });
  return (req, res, next) => {
    const name = req.path.slice(1);
    const type = TYPES[path.extname(name)];
    if (type && gzipped.has(name) && /\bgzip\b/.test(req.get("accept-encoding") ?? "")) {
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.sendFile(path.join(dir, `${name}.gz`), (error) => error && next());
      return;
    }
    serveStatic(req, res, next);
  };
}
