// Writes public/favicon.ico (16, 32 and 48 px) and public/apple-touch-icon.png (180 px) from the
// brand's mark, public/favicon.svg (the red square with a white Т of app/components/logo.tsx).
// Browsers that ask for /favicon.ico, and iOS home screens, do not take the SVG.
//   node scripts/make-favicons.mjs    (commit the two files it writes)
import { Buffer } from "node:buffer";
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import pngToIco from "png-to-ico";

const mark = readFileSync("public/favicon.svg", "utf8");

/** The mark's own width: its viewBox ("0 0 32 32"), drawn at 72 dpi as one pixel per unit. */
const units = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(mark)?.[1]);
if (!units) throw new Error("public/favicon.svg has no viewBox");

/** Each size drawn from the vector at its own density, not scaled from another bitmap: crisp at 16 px. */
const draw = (svg, size) =>
  sharp(Buffer.from(svg), { density: (72 * size) / units })
    .resize(size, size)
    .png()
    .toBuffer();

writeFileSync("public/favicon.ico", await pngToIco(await Promise.all([16, 32, 48].map((size) => draw(mark, size)))));

// iOS rounds the corners itself and shows transparency as black: a square without rx, full bleed.
const square = mark.replace(/ rx="[^"]*"/, "");
if (square === mark) throw new Error("public/favicon.svg changed: its rounded square was not found");
writeFileSync("public/apple-touch-icon.png", await draw(square, 180));

console.log("wrote public/favicon.ico and public/apple-touch-icon.png");
