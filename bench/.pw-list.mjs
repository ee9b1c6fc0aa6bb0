import { chromium } from "playwright-core";
import { gzipSync } from "node:zlib";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const page = await browser.newPage();
const rows = [];
page.on("response", async (r) => { if (r.request().resourceType() === "script") rows.push(r); });
await page.goto(process.argv[2], { waitUntil: "networkidle" });
let total = 0;
for (const r of rows) { const b = await r.body().catch(() => Buffer.alloc(0)); const g = gzipSync(b).length; total += g; console.log((g/1024).toFixed(1).padStart(6), (b.length/1024).toFixed(1).padStart(7), new URL(r.url()).pathname); }
console.log("total", (total/1024).toFixed(1));
await browser.close();
