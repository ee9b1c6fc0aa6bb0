/**
 * Deterministic SVG pictures for the demo data: a flat drawing of the product kind in the
 * variation's colour, or an abstract composition for slides, banners, brands, coatings and posts.
 * Same URL → same bytes, so the route can be cached as immutable.
 */
import { createRng } from "../db/seed/random";
import { MEDIA_KINDS, PRODUCT_SHAPES, type MediaKind, type ProductShape } from "./urls";

const PALETTE = ["#1976d2", "#d32f2f", "#388e3c", "#f57c00", "#7b1fa2", "#00838f", "#c2185b", "#5d4037", "#455a64", "#fbc02d"];

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, other: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(other);
  const c = a.map((v, i) => Math.round(v + (b[i] - v) * amount));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

const luminance = (hex: string) => {
  const [r, g, b] = hexToRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

interface Paint {
  fill: string;
  /** Outline and details: darker than the fill, or grey for very light fills. */
  line: string;
  accent: string;
}

/** Product drawings on a 600×600 canvas, centred around (300, 300). */
const SHAPES: Record<ProductShape, (p: Paint) => string> = {
  pen: (p) =>
    `<g transform="rotate(-35 300 300)"><rect x="120" y="278" width="330" height="44" rx="22" fill="${p.fill}" stroke="${p.line}" stroke-width="4"/>` +
    `<path d="M450 284 L505 300 L450 316 Z" fill="${p.accent}" stroke="${p.line}" stroke-width="4"/>` +
    `<rect x="150" y="262" width="150" height="14" rx="7" fill="${p.accent}"/><rect x="110" y="283" width="22" height="34" rx="8" fill="${p.line}"/></g>`,
  notebook: (p) =>
    `<rect x="170" y="120" width="270" height="360" rx="14" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="170" y="120" width="40" height="360" rx="10" fill="${p.line}" opacity="0.35"/>` +
    `<rect x="390" y="120" width="16" height="360" fill="${p.accent}"/><rect x="250" y="210" width="120" height="60" rx="6" fill="#ffffff" opacity="0.55"/>`,
  mug: (p) =>
    `<path d="M395 230 a70 70 0 1 1 0 150" fill="none" stroke="${p.line}" stroke-width="26"/>` +
    `<rect x="170" y="170" width="240" height="270" rx="24" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<ellipse cx="290" cy="172" rx="118" ry="20" fill="${p.accent}" opacity="0.6"/><rect x="230" y="270" width="120" height="70" rx="8" fill="#ffffff" opacity="0.5"/>`,
  thermos: (p) =>
    `<rect x="230" y="90" width="140" height="60" rx="14" fill="${p.line}"/>` +
    `<rect x="215" y="140" width="170" height="380" rx="40" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="215" y="200" width="170" height="18" fill="${p.accent}" opacity="0.7"/><rect x="255" y="300" width="90" height="90" rx="10" fill="#ffffff" opacity="0.45"/>`,
  bottle: (p) =>
    `<rect x="265" y="80" width="70" height="50" rx="10" fill="${p.line}"/>` +
    `<path d="M270 130 h60 v40 q60 30 60 90 v230 q0 30 -30 30 h-120 q-30 0 -30 -30 v-230 q0 -60 60 -90 Z" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="230" y="300" width="140" height="80" rx="8" fill="#ffffff" opacity="0.45"/>`,
  glass: (p) =>
    `<path d="M190 110 h220 q0 170 -110 200 q-110 -30 -110 -200 Z" fill="${p.fill}" fill-opacity="0.75" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="292" y="308" width="16" height="150" fill="${p.line}"/><ellipse cx="300" cy="470" rx="90" ry="20" fill="${p.accent}" stroke="${p.line}" stroke-width="4"/>`,
  bag: (p) =>
    `<path d="M230 230 q0 -110 70 -110 q70 0 70 110" fill="none" stroke="${p.line}" stroke-width="16"/>` +
    `<path d="M150 220 h300 l-20 280 h-260 Z" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="235" y="300" width="130" height="110" rx="8" fill="#ffffff" opacity="0.45"/>`,
  backpack: (p) =>
    `<path d="M250 140 q50 -60 100 0" fill="none" stroke="${p.line}" stroke-width="14"/>` +
    `<rect x="170" y="140" width="260" height="360" rx="60" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="215" y="320" width="170" height="140" rx="30" fill="${p.accent}" stroke="${p.line}" stroke-width="4"/><rect x="215" y="360" width="170" height="8" fill="${p.line}" opacity="0.5"/>`,
  tshirt: (p) =>
    `<path d="M220 110 q80 50 160 0 l110 60 l-40 90 l-50 -25 v255 h-200 v-255 l-50 25 l-40 -90 Z" fill="${p.fill}" stroke="${p.line}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="255" y="230" width="90" height="60" rx="6" fill="${p.accent}" opacity="0.5"/>`,
  hoodie: (p) =>
    `<path d="M220 120 q80 -80 160 0 l110 60 l-40 110 l-50 -25 v235 h-200 v-235 l-50 25 l-40 -110 Z" fill="${p.fill}" stroke="${p.line}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M240 130 q60 80 120 0" fill="none" stroke="${p.line}" stroke-width="6"/><rect x="240" y="380" width="120" height="60" rx="14" fill="${p.accent}" opacity="0.55"/>`,
  cap: (p) =>
    `<path d="M150 360 q0 -200 150 -200 q150 0 150 200 Z" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<path d="M140 360 h330 q40 0 40 30 q-150 20 -370 0 Z" fill="${p.accent}" stroke="${p.line}" stroke-width="5"/><circle cx="300" cy="160" r="12" fill="${p.line}"/>`,
  blanket: (p) =>
    `<rect x="150" y="200" width="260" height="220" rx="20" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<circle cx="410" cy="310" r="110" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/><circle cx="410" cy="310" r="60" fill="none" stroke="${p.accent}" stroke-width="12"/>` +
    `<path d="M150 250 h260 M150 370 h260" stroke="${p.accent}" stroke-width="12"/>`,
  powerbank: (p) =>
    `<rect x="200" y="110" width="200" height="380" rx="34" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<g fill="${p.accent}"><circle cx="265" cy="440" r="9"/><circle cx="290" cy="440" r="9"/><circle cx="315" cy="440" r="9"/><circle cx="340" cy="440" r="9" opacity="0.35"/></g>` +
    `<rect x="265" y="100" width="70" height="14" rx="4" fill="${p.line}"/><rect x="240" y="200" width="120" height="120" rx="12" fill="#ffffff" opacity="0.4"/>`,
  usb: (p) =>
    `<rect x="170" y="240" width="230" height="120" rx="26" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="400" y="262" width="80" height="76" rx="4" fill="#c0c0c0" stroke="${p.line}" stroke-width="4"/><rect x="420" y="282" width="18" height="14" fill="${p.line}"/><rect x="445" y="282" width="18" height="14" fill="${p.line}"/>` +
    `<circle cx="205" cy="300" r="14" fill="none" stroke="${p.accent}" stroke-width="6"/>`,
  charger: (p) =>
    `<ellipse cx="300" cy="330" rx="190" ry="70" fill="${p.line}" opacity="0.25"/><circle cx="300" cy="300" r="170" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<circle cx="300" cy="300" r="90" fill="none" stroke="${p.accent}" stroke-width="10"/><path d="M290 255 l-25 55 h35 l-10 45 l45 -65 h-35 l15 -35 Z" fill="${p.accent}"/>`,
  speaker: (p) =>
    `<rect x="180" y="130" width="240" height="340" rx="110" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<circle cx="300" cy="330" r="80" fill="${p.line}" opacity="0.8"/><circle cx="300" cy="330" r="34" fill="${p.accent}"/><circle cx="300" cy="200" r="26" fill="${p.line}" opacity="0.6"/>`,
  headphones: (p) =>
    `<path d="M170 330 v-40 a130 130 0 0 1 260 0 v40" fill="none" stroke="${p.line}" stroke-width="22"/>` +
    `<rect x="140" y="310" width="80" height="140" rx="36" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/><rect x="380" y="310" width="80" height="140" rx="36" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<circle cx="180" cy="380" r="16" fill="${p.accent}"/><circle cx="420" cy="380" r="16" fill="${p.accent}"/>`,
  umbrella: (p) =>
    `<path d="M110 300 a190 190 0 0 1 380 0 q-31 -30 -63 0 q-32 -30 -63 0 q-32 -30 -64 0 q-31 -30 -63 0 q-32 -30 -63 0 q-32 -30 -64 0 Z" fill="${p.fill}" stroke="${p.line}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M300 110 v330 q0 50 -45 50 q-40 0 -40 -40" fill="none" stroke="${p.line}" stroke-width="12" stroke-linecap="round"/><path d="M300 110 q-60 80 -63 190 M300 110 q60 80 63 190" fill="none" stroke="${p.accent}" stroke-width="4"/>`,
  gift: (p) =>
    `<rect x="160" y="260" width="280" height="230" rx="10" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/><rect x="140" y="200" width="320" height="70" rx="10" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="280" y="200" width="40" height="290" fill="${p.accent}"/><path d="M300 200 q-90 -90 -110 -20 q0 30 110 20 q90 -90 110 -20 q0 30 -110 20" fill="${p.accent}" stroke="${p.line}" stroke-width="4"/>`,
  desk: (p) =>
    `<rect x="140" y="330" width="320" height="150" rx="14" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="170" y="200" width="80" height="140" rx="8" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/><rect x="270" y="250" width="80" height="90" rx="8" fill="${p.accent}" stroke="${p.line}" stroke-width="5"/>` +
    `<path d="M200 200 l-20 -90 M225 200 l10 -100" stroke="${p.line}" stroke-width="8" stroke-linecap="round"/><circle cx="400" cy="290" r="45" fill="#ffffff" stroke="${p.line}" stroke-width="5"/><path d="M400 290 v-28 M400 290 h20" stroke="${p.line}" stroke-width="5"/>`,
  cardholder: (p) =>
    `<rect x="205" y="150" width="200" height="120" rx="6" fill="#ffffff" stroke="${p.line}" stroke-width="4"/>` +
    `<rect x="160" y="210" width="280" height="200" rx="18" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/><path d="M160 280 h280" stroke="${p.accent}" stroke-width="6"/>`,
  keychain: (p) =>
    `<circle cx="300" cy="170" r="62" fill="none" stroke="#9e9e9e" stroke-width="12"/>` +
    `<rect x="220" y="240" width="160" height="240" rx="40" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/><circle cx="300" cy="275" r="14" fill="${p.line}"/><rect x="255" y="330" width="90" height="90" rx="10" fill="${p.accent}" opacity="0.6"/>`,
  badge: (p) =>
    `<circle cx="300" cy="300" r="180" fill="${p.fill}" stroke="${p.line}" stroke-width="6"/><circle cx="300" cy="300" r="140" fill="none" stroke="${p.accent}" stroke-width="10"/>` +
    `<path d="M300 210 l26 56 l60 6 l-45 40 l14 60 l-55 -32 l-55 32 l14 -60 l-45 -40 l60 -6 Z" fill="${p.accent}"/>`,
  lanyard: (p) =>
    `<path d="M170 80 l110 280 M430 80 l-110 280" stroke="${p.fill}" stroke-width="40" stroke-linecap="round"/><path d="M170 80 l110 280 M430 80 l-110 280" stroke="${p.line}" stroke-width="4" fill="none"/>` +
    `<rect x="285" y="350" width="30" height="40" fill="#9e9e9e"/><rect x="220" y="385" width="160" height="120" rx="12" fill="#ffffff" stroke="${p.line}" stroke-width="5"/><rect x="245" y="410" width="60" height="60" rx="6" fill="${p.accent}" opacity="0.6"/>`,
};

function paint(hex: string): Paint {
  const light = luminance(hex) > 0.8;
  return {
    fill: hex,
    line: light ? "#757575" : mix(hex, "#000000", 0.45),
    accent: light ? "#bdbdbd" : mix(hex, "#ffffff", 0.45),
  };
}

function svg(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${title}</title>${body}</svg>`;
}

/** Backgrounds of compositions: deep enough for white caption text (WCAG contrast ≥ 4.5). */
const DEEP = ["#c8102e", "#0d47a1", "#00695c", "#4a148c", "#37474f", "#1b5e20", "#7b1f2b", "#1a237e"];
/** Products shown on slides and banners, by id: 1 gift, 2 mug, 3 pen, 4 bag… */
const HERO_SHAPES: readonly ProductShape[] = ["gift", "mug", "pen", "bag", "notebook", "thermos", "cap", "powerbank"];

export interface Zone {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the storefront writes a slide's or banner's title, subtitle and button (white text):
 * the left part of a wide picture, the lower half of the others (the 750×750 mobile slide).
 * Compositions keep it a plain dark gradient; everything else is drawn outside it.
 */
export function captionZone(width: number, height: number): Zone {
  if (width / height >= 1.5) return { x: 0, y: 0, width: Math.round(width * 0.55), height };
  const top = Math.round(height * 0.5);
  return { x: 0, y: top, width, height: height - top };
}

/** A product drawing (600×600 canvas) centred at (cx, cy), `size` px across. */
function placedShape(shape: ProductShape, colour: string, cx: number, cy: number, size: number): string {
  const scale = (size / 600).toFixed(4);
  return `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${scale}) translate(-300 -300)">${SHAPES[shape](paint(colour))}</g>`;
}

/**
 * Slides, banners and post pictures: a dark gradient under the caption zone and, beside it,
 * a product on a light disc among soft circles. Colours and the product are picked by the id.
 */
function composition(width: number, height: number, id: number, title: string, cover?: { shape: ProductShape }): string {
  const rng = createRng(id * 7919 + width);
  // Post covers name their product, so the background goes its own way (a stride of 3 through
  // the 8 colours): posts about one product still look different from each other.
  const base = cover ? DEEP[(id * 3) % DEEP.length] : DEEP[id % DEEP.length];
  const dark = mix(base, "#000000", 0.35);
  const zone = captionZone(width, height);
  const wide = zone.y === 0;
  // The free area beside the caption zone: the right part, or the upper half.
  const free: Zone = wide ? { x: zone.width, y: 0, width: width - zone.width, height } : { x: 0, y: 0, width, height: zone.y };
  // Darkest under the caption, lighter towards the product.
  const gradient = wide ? `x1="0" y1="0" x2="1" y2="0"` : `x1="0" y1="1" x2="0" y2="0"`;
  let circles = "";
  for (let i = 0; i < 5; i++) {
    const r = rng.int(Math.round(Math.min(free.width, free.height) * 0.15), Math.round(Math.min(free.width, free.height) * 0.45));
    // Centres far enough from the caption zone that no circle reaches into it.
    const cx = wide ? rng.int(free.x + r, width + r) : rng.int(-r, width + r);
    const cy = wide ? rng.int(-r, height + r) : rng.int(-r, free.height - r);
    circles += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="${(0.05 + rng.next() * 0.08).toFixed(2)}"/>`;
  }
  const radius = Math.min(free.width, free.height) * 0.42;
  const cx = free.x + free.width / 2;
  const cy = free.y + free.height / 2;
  const shape = cover?.shape ?? HERO_SHAPES[(id - 1 + HERO_SHAPES.length) % HERO_SHAPES.length];
  const colour = cover ? PALETTE[(id * 7 + 3) % PALETTE.length] : PALETTE[(id * 3 + 1) % PALETTE.length];
  const body =
    `<defs><linearGradient id="g" ${gradient}><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${base}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${circles}` +
    `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${radius.toFixed(1)}" fill="#ffffff" opacity="0.94"/>` +
    placedShape(shape, colour, cx, cy, radius * 1.9);
  return svg(width, height, body, title);
}

const BRAND_RED = "#e30613";

/** The brand's mark (app/components/logo.tsx, public/favicon.svg): a red square with a white Т. */
function brandMarkAt(x: number, y: number, size: number, inverted: boolean): string {
  const scale = (size / 32).toFixed(4);
  const square = inverted ? "#ffffff" : BRAND_RED;
  const letter = inverted ? BRAND_RED : "#ffffff";
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale})"><rect width="32" height="32" rx="7" fill="${square}"/><path d="M8 10h16v4h-6v10h-4V14H8z" fill="${letter}"/></g>`;
}

/**
 * Social-network preview (og:image, 1200×630) of pages without a product picture: the brand's
 * mark on its red beside a product on a white disc. No text: networks write the page title.
 */
function ogPicture(width: number, height: number, id: number): string {
  const rng = createRng(id * 2654435761 + 17);
  let circles = "";
  for (let i = 0; i < 6; i++) {
    const r = rng.int(Math.round(height * 0.12), Math.round(height * 0.5));
    circles += `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${r}" fill="#ffffff" opacity="${(0.04 + rng.next() * 0.07).toFixed(2)}"/>`;
  }
  const unit = Math.min(width / 1200, height / 630);
  const mark = 250 * unit;
  const radius = 230 * unit;
  const shape = PRODUCT_SHAPES[(id * 7 + 2) % PRODUCT_SHAPES.length];
  const colour = PALETTE[(id * 5 + 1) % PALETTE.length];
  const body =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND_RED}"/><stop offset="1" stop-color="${mix(BRAND_RED, "#000000", 0.3)}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${circles}` +
    brandMarkAt(width * 0.3 - mark / 2, height / 2 - mark / 2, mark, true) +
    `<circle cx="${(width * 0.7).toFixed(1)}" cy="${(height / 2).toFixed(1)}" r="${radius.toFixed(1)}" fill="#ffffff"/>` +
    placedShape(shape, colour, width * 0.7, height / 2, radius * 1.9);
  return svg(width, height, body, "ТМГ — подарки с логотипом");
}

/**
 * A calm street map for the contacts page without a map service: blocks between streets, a
 * river and a park, turned a little, with the pin in the middle. Drawn from the id (a city id),
 * so each office gets its own. No text: the page writes the address.
 */
function mapPicture(width: number, height: number, id: number): string {
  const rng = createRng(id * 48271 + 7);
  const cx = width / 2;
  const cy = height / 2;
  const reach = Math.hypot(width, height);
  const angle = rng.int(-25, 25);
  const step = rng.int(70, 100);
  const street = 12;
  const from = -Math.ceil(reach / 2 / step) * step;
  const to = -from;
  let blocks = "";
  for (let x = from; x < to; x += step) {
    for (let y = from; y < to; y += step * 0.8) {
      // Some blocks are parks, some are split in two by a lane.
      const w = step - street;
      const h = step * 0.8 - street;
      const fill = rng.chance(0.12) ? "#dce8d2" : rng.chance(0.5) ? "#e6e3dc" : "#e9e6df";
      if (rng.chance(0.25)) {
        blocks += `<rect x="${x}" y="${y.toFixed(1)}" width="${(w / 2 - 2).toFixed(1)}" height="${h.toFixed(1)}" rx="3" fill="${fill}"/>`;
        blocks += `<rect x="${(x + w / 2 + 2).toFixed(1)}" y="${y.toFixed(1)}" width="${(w / 2 - 2).toFixed(1)}" height="${h.toFixed(1)}" rx="3" fill="${fill}"/>`;
      } else {
        blocks += `<rect x="${x}" y="${y.toFixed(1)}" width="${w}" height="${h.toFixed(1)}" rx="3" fill="${fill}"/>`;
      }
    }
  }
  // Two avenues near the middle, a river across the upper or the lower part.
  const avenueY = step * 0.8 * rng.int(-1, 1) - street / 2 - 6;
  const avenueX = step * rng.int(-2, 2) - street / 2 - 6;
  const riverY = (rng.chance(0.5) ? -1 : 1) * height * (0.3 + rng.next() * 0.1);
  const river =
    `<path d="M${-reach} ${riverY.toFixed(1)} C ${(-reach / 4).toFixed(1)} ${(riverY - 60).toFixed(1)}, ${(reach / 4).toFixed(1)} ${(riverY + 60).toFixed(1)}, ${reach} ${riverY.toFixed(1)}" ` +
    `fill="none" stroke="#cfe0ec" stroke-width="${rng.int(34, 48)}" stroke-linecap="round"/>`;
  const avenues =
    `<rect x="${-reach}" y="${avenueY.toFixed(1)}" width="${2 * reach}" height="${street + 12}" fill="#ffffff"/>` +
    `<rect x="${avenueX.toFixed(1)}" y="${-reach}" width="${street + 12}" height="${2 * reach}" fill="#ffffff"/>`;
  const pin = Math.max(24, Math.min(width, height) * 0.16);
  const body =
    `<rect width="${width}" height="${height}" fill="#f7f6f3"/>` +
    `<g transform="translate(${cx} ${cy}) rotate(${angle})">${blocks}${avenues}${river}</g>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${(pin * 0.32).toFixed(1)}" ry="${(pin * 0.11).toFixed(1)}" fill="#000000" opacity="0.18"/>` +
    `<g transform="translate(${cx} ${cy}) scale(${(pin / 48).toFixed(4)})">` +
    `<path d="M0 0 C -4 -14 -18 -22 -18 -34 A 18 18 0 1 1 18 -34 C 18 -22 4 -14 0 0 Z" fill="${BRAND_RED}" stroke="#9b0410" stroke-width="1.5"/>` +
    `<circle cx="0" cy="-34" r="7" fill="#ffffff"/></g>`;
  return svg(width, height, body, "Схема проезда");
}

function brandMark(id: number): string {
  const color = PALETTE[id % PALETTE.length];
  const rng = createRng(id * 104729);
  const sides = rng.int(3, 8);
  const points = Array.from({ length: sides }, (_, i) => {
    const a = (Math.PI * 2 * i) / sides - Math.PI / 2;
    return `${(200 + Math.cos(a) * 110).toFixed(1)},${(150 + Math.sin(a) * 110).toFixed(1)}`;
  }).join(" ");
  return svg(400, 300, `<rect width="400" height="300" fill="#ffffff"/><polygon points="${points}" fill="${color}"/><circle cx="200" cy="150" r="45" fill="#ffffff" opacity="0.85"/>`, "Логотип бренда");
}

function coatingSample(id: number): string {
  const color = PALETTE[(id * 3) % PALETTE.length];
  const rng = createRng(id * 31337);
  let dots = "";
  for (let y = 40; y < 400; y += 40) {
    for (let x = 40; x < 600; x += 40) {
      dots += `<circle cx="${x}" cy="${y}" r="${(4 + rng.next() * 10).toFixed(1)}" fill="${color}" opacity="${(0.25 + rng.next() * 0.6).toFixed(2)}"/>`;
    }
  }
  return svg(600, 400, `<rect width="600" height="400" fill="${mix(color, "#ffffff", 0.88)}"/>${dots}`, "Вид нанесения");
}

/** Canvas limits of a requested size: the PNG of a picture is width × height × 4 bytes while it is drawn. */
export const MIN_MEDIA_SIDE = 16;
export const MAX_MEDIA_SIDE = 2000;
export const MAX_MEDIA_PIXELS = 1920 * 1080;

/**
 * Renders /api/media/{kind}/{name}.svg where name is "{id}", optionally followed by "-{rrggbb}"
 * (main colour) and "-{w}x{h}" (canvas size of compositions, og pictures and maps, e.g. a
 * banner's own size; 16–2000 px a side, at most 1920×1080 pixels).
 * Returns null for unknown kinds or malformed names (→ 404).
 */
export function renderMedia(kind: string, name: string): string | null {
  if (!MEDIA_KINDS.has(kind)) return null;
  // A post cover may name the product it shows: /api/media/post/12-mug.svg (api/media/urls.ts postCoverUrl).
  let postShape: ProductShape | undefined;
  if (kind === "post") {
    const named = /^(\d{1,9})-([a-z]+)((?:-\d{2,4}x\d{2,4})?)$/.exec(name);
    // Anything else (a colour such as "-facade") is read by the general form below.
    if (named && (PRODUCT_SHAPES as readonly string[]).includes(named[2])) {
      postShape = named[2] as ProductShape;
      name = named[1] + named[3];
    }
  }
  const match = /^(\d{1,9})(?:-([0-9a-f]{6}))?(?:-(\d{2,4})x(\d{2,4}))?$/.exec(name);
  if (!match) return null;
  const id = Number(match[1]);
  const hex = match[2] ? `#${match[2]}` : undefined;
  const width = match[3] ? Number(match[3]) : null;
  const height = match[4] ? Number(match[4]) : null;
  if (width !== null && height !== null) {
    const side = (n: number) => n >= MIN_MEDIA_SIDE && n <= MAX_MEDIA_SIDE;
    if (!side(width) || !side(height) || width * height > MAX_MEDIA_PIXELS) return null;
  }
  const size = (w: number, h: number): [number, number] => (width !== null && height !== null ? [width, height] : [w, h]);
  switch (kind as MediaKind) {
    case "slide":
      return composition(...size(1920, 600), id, "Слайд");
    case "slide-mobile":
      return composition(...size(750, 750), id, "Слайд");
    case "banner":
      return composition(...size(1180, 400), id, "Баннер");
    case "post":
      return composition(...size(800, 500), id, "Иллюстрация к публикации", postShape ? { shape: postShape } : undefined);
    case "og":
      return ogPicture(...size(1200, 630), id);
    case "map":
      return mapPicture(...size(800, 400), id);
    case "brand":
      return brandMark(id);
    case "coating":
      return coatingSample(id);
    default: {
      const shape = SHAPES[kind as ProductShape];
      const colour = hex ?? PALETTE[id % PALETTE.length];
      const background = mix(colour, "#ffffff", luminance(colour) > 0.8 ? 0 : 0.9);
      const bg = background === "#ffffff" ? "#f3f4f6" : background;
      return svg(600, 600, `<rect width="600" height="600" fill="${bg}"/><circle cx="300" cy="300" r="250" fill="#ffffff" opacity="0.6"/>${shape(paint(colour))}`, "Изображение товара");
    }
  }
}
