// Pre-compresses hashed client assets with zopfli (smaller than runtime gzip, and no CPU per request).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipAsync } from "@gfx/zopfli";

const dir = "build/client/assets";
const files = (await readdir(dir)).filter((f) => /\.(js|css|svg)$/.test(f));
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const source = await readFile(path.join(dir, file));
    if (source.length < 1024) return;
    const gz = await gzipAsync(source, { numiterations: 15 });
    before += source.length;
    after += gz.length;
    await writeFile(path.join(dir, `${file}.gz`), gz);
  }),
);
console.log(`precompressed ${files.length} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB gzip`);
