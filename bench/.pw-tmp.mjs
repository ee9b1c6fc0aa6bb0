import { pageWeights } from "./browser.mjs";
const base = process.argv[2];
const pages = [
  { key: "home", url: base + "/" },
  { key: "category", url: base + "/catalog/ruchki" },
  { key: "product", url: base + "/catalog/goods/" + (process.argv[3] ?? "1") },
  { key: "about", url: base + "/about" },
];
const out = await pageWeights(pages);
for (const [k, v] of Object.entries(out)) console.log(k, v.error ?? `js ${v.jsGzip} KB gzip (${v.jsFiles} files), css ${v.cssGzip}, html ${v.htmlGzip}`);
