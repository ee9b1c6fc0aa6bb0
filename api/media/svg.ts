/**
 * Deterministic SVG pictures for the demo data: a flat drawing of the product kind in the
 * variation's colour, or an abstract composition for slides, banners, brands, coatings and posts.
 * Same URL → same bytes, so the route can be cached as immutable.
 */
import { createRng } from "../db/seed/random";
import { MEDIA_KINDS, type MediaKind, type ProductShape } from "./urls";

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

/** Abstract wide compositions: circles and bands, colours picked by the id. */
function composition(width: number, height: number, id: number, title: string): string {
  const rng = createRng(id * 7919 + width);
  const base = PALETTE[id % PALETTE.length];
  const second = PALETTE[(id + 3) % PALETTE.length];
  let shapes = "";
  for (let i = 0; i < 6; i++) {
    const r = rng.int(Math.round(height * 0.15), Math.round(height * 0.6));
    shapes += `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${r}" fill="${i % 2 ? second : "#ffffff"}" opacity="${(0.08 + rng.next() * 0.2).toFixed(2)}"/>`;
  }
  const body =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${mix(base, second, 0.6)}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes}` +
    `<rect x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.62)}" width="${Math.round(width * 0.22)}" height="${Math.max(6, Math.round(height * 0.04))}" rx="4" fill="#ffffff" opacity="0.85"/>`;
  return svg(width, height, body, title);
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

/**
 * Renders /api/media/{kind}/{name}.svg where name is "{id}", optionally followed by "-{rrggbb}"
 * (main colour) and "-{w}x{h}" (canvas size of compositions, e.g. a banner's own size).
 * Returns null for unknown kinds or malformed names (→ 404).
 */
export function renderMedia(kind: string, name: string): string | null {
  if (!MEDIA_KINDS.has(kind)) return null;
  const match = /^(\d{1,9})(?:-([0-9a-f]{6}))?(?:-(\d{2,4})x(\d{2,4}))?$/.exec(name);
  if (!match) return null;
  const id = Number(match[1]);
  const hex = match[2] ? `#${match[2]}` : undefined;
  const size = (w: number, h: number): [number, number] => (match[3] ? [Number(match[3]), Number(match[4])] : [w, h]);
  switch (kind as MediaKind) {
    case "slide":
      return composition(...size(1920, 600), id, "Слайд");
    case "slide-mobile":
      return composition(...size(750, 750), id, "Слайд");
    case "banner":
      return composition(...size(1180, 400), id, "Баннер");
    case "post":
      return composition(...size(800, 500), id, "Иллюстрация к публикации");
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
