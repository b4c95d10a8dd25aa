// Draws the demo catalogue's pictures on this machine, with no download: SVG (gradients, shapes,
// bold lettering) rendered by sharp (librsvg) to WebP and PNG. Posters are 2:3, banners 16:9 with
// their left side kept dark for the title image, title images transparent PNGs of the lettering.
// Fonts come from npm packages (@expo-google-fonts/*) through a fontconfig file of our own.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const POSTER = { width: 500, height: 750 };
export const BANNER = { width: 1280, height: 720 };
export const TITLE = { width: 1000, height: 320 };

/** The font of each script: Anton for Latin titles, Noto Sans (Black) for Indian scripts. */
const SCRIPTS = [
  { test: /[\u0C00-\u0C7F]/, family: 'Noto Sans Telugu', weight: 900 },
  { test: /[\u0B80-\u0BFF]/, family: 'Noto Sans Tamil', weight: 900 },
  { test: /[\u0900-\u097F]/, family: 'Noto Sans Devanagari', weight: 900 },
];
const LATIN = { family: 'Anton', weight: 400 };

function fontFolder(pkg, weight) {
  return join(dirname(require.resolve(`${pkg}/package.json`)), weight);
}

let sharpModule;

/**
 * Points fontconfig at the fonts shipped in node_modules, then loads sharp. fontconfig reads
 * FONTCONFIG_FILE once, when it first renders text, so this runs before any rendering.
 */
export async function loadSharp() {
  if (sharpModule) return sharpModule;
  const dir = join(tmpdir(), 'chitram-seed-fonts');
  mkdirSync(join(dir, 'cache'), { recursive: true });
  const folders = [
    fontFolder('@expo-google-fonts/anton', '400Regular'),
    fontFolder('@expo-google-fonts/oswald', '400Regular'),
    fontFolder('@expo-google-fonts/oswald', '600SemiBold'),
    fontFolder('@expo-google-fonts/noto-sans-telugu', '900Black'),
    fontFolder('@expo-google-fonts/noto-sans-tamil', '900Black'),
    fontFolder('@expo-google-fonts/noto-sans-devanagari', '900Black'),
  ];
  const conf = join(dir, 'fonts.conf');
  writeFileSync(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
      folders.map((f) => `  <dir>${f}</dir>\n`).join('') +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
      `  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  process.env.FONTCONFIG_FILE = conf;
  sharpModule = (await import('sharp')).default;
  // Two pictures at a time per core is plenty; libvips' own threads do the rest.
  sharpModule.concurrency(2);
  return sharpModule;
}

// ---- Palettes and motifs per genre and category ----

/** c: dark → mid → bright; glow: light source; ink: lettering; light: a bright picture (dark lettering outline). */
export const GENRE_STYLES = {
  Action: {
    c: ['#150300', '#9b1d08', '#ff7b00'],
    glow: '#ffb347',
    ink: ['#ffffff', '#ffd08a'],
    motif: 'sparks',
    scene: 'skyline',
  },
  Drama: {
    c: ['#061820', '#1f4e5f', '#c98b3a'],
    glow: '#f6d7a7',
    ink: ['#fffaf0', '#f2c879'],
    motif: 'bokeh',
    scene: 'hills',
  },
  Thriller: {
    c: ['#01040b', '#0b2545', '#1d4e89'],
    glow: '#8ecae6',
    ink: ['#e0fbfc', '#8ecae6'],
    motif: 'beams',
    scene: 'skyline',
  },
  Romance: {
    c: ['#260818', '#9d2458', '#ff8fab'],
    glow: '#ffd6e0',
    ink: ['#ffffff', '#ffc2d1'],
    motif: 'bokeh',
    scene: 'sunset',
    pair: true,
  },
  'Sci-Fi': {
    c: ['#05010f', '#3a0ca3', '#4cc9f0'],
    glow: '#4cc9f0',
    ink: ['#e0f7ff', '#72efdd'],
    motif: 'grid',
    scene: 'planet',
  },
  Horror: {
    c: ['#000000', '#1a0002', '#6a040f'],
    glow: '#e5383b',
    ink: ['#f8f9fa', '#e5383b'],
    motif: 'mist',
    scene: 'moon',
  },
  Trending: {
    c: ['#10002b', '#c9184a', '#ffb703'],
    glow: '#ffd166',
    ink: ['#ffffff', '#ffd166'],
    motif: 'rays',
    scene: 'skyline',
  },
  Featured: {
    c: ['#0b0b0b', '#3b2a00', '#d4af37'],
    glow: '#ffe8a3',
    ink: ['#fff8e1', '#d4af37'],
    motif: 'rays',
    scene: 'hills',
  },
  Comedy: {
    c: ['#e85d04', '#faa307', '#ffe8a3'],
    glow: '#fffbe6',
    ink: ['#ffffff', '#fff3b0'],
    motif: 'confetti',
    scene: 'none',
    light: true,
  },
  Classic: {
    c: ['#1f130a', '#6f4e37', '#d9b98b'],
    glow: '#f5e6c8',
    ink: ['#fdf6e3', '#e6c99a'],
    motif: 'grain',
    scene: 'hills',
    frame: true,
  },
  Kids: {
    c: ['#0077b6', '#00b4d8', '#ffd166'],
    glow: '#fff6cc',
    ink: ['#ffffff', '#ffe066'],
    motif: 'balloons',
    scene: 'hills',
    light: true,
  },
  Devotional: {
    c: ['#2b0700', '#b23a0b', '#ffb703'],
    glow: '#ffe066',
    ink: ['#fffbe6', '#ffd166'],
    motif: 'mandala',
    scene: 'temple',
  },
  'South Favourites': {
    c: ['#05140e', '#1b5e40', '#f4a261'],
    glow: '#ffd79a',
    ink: ['#ffffff', '#f4a261'],
    motif: 'rays',
    scene: 'palms',
  },
  Sports: {
    c: ['#00121a', '#005f73', '#94d2bd'],
    glow: '#e9ff70',
    ink: ['#ffffff', '#e9ff70'],
    motif: 'stripes',
    scene: 'stadium',
  },
};

/** Shows vary more than films of a genre: each episode picks its motif and scene from its category's. */
export const CATEGORY_STYLES = {
  political: {
    c: ['#0a0f24', '#1d2d6b', '#e76f51'],
    glow: '#ffd6a5',
    ink: ['#ffffff', '#ffb4a2'],
    motifs: ['beams', 'rays', 'bokeh'],
    scenes: ['dome', 'crowd', 'skyline', 'podium'],
  },
  health: {
    c: ['#01211f', '#0f766e', '#5eead4'],
    glow: '#ccfbf1',
    ink: ['#ffffff', '#99f6e4'],
    motifs: ['pulse', 'bokeh', 'leaves'],
    scenes: ['none', 'hills', 'podium'],
  },
  education: {
    c: ['#120b3d', '#3c2a9c', '#fbbf24'],
    glow: '#fde68a',
    ink: ['#ffffff', '#fde68a'],
    motifs: ['chalk', 'planes', 'bokeh'],
    scenes: ['books', 'school', 'hills'],
  },
};

// ---- Small helpers ----

/** A repeatable random sequence per title, so the same title is always drawn the same way. */
export function randomFor(seedText) {
  let a = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );

function hexToHsl(hex) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h, s, l) {
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The same palette turned round the colour wheel by `degrees`, so titles of one genre are not twins. */
function turned(colour, degrees) {
  const [h, s, l] = hexToHsl(colour);
  return hslToHex((h + degrees + 360) % 360, s, l);
}

/**
 * A title's own variant of its genre's (or category's) style: the hue turned a little, and for shows
 * a motif and scene of the category's picked for the title.
 */
export function variantOf(style, seedText, spread = 28) {
  const r = randomFor(`style:${seedText}`);
  const degrees = (r() - 0.5) * 2 * spread;
  const pick = (list) => list[Math.floor(r() * list.length)];
  return {
    ...style,
    c: style.c.map((c) => turned(c, degrees)),
    glow: turned(style.glow, degrees / 2),
    ink: style.ink,
    motif: style.motifs ? pick(style.motifs) : style.motif,
    scene: style.scenes ? pick(style.scenes) : style.scene,
  };
}

export function fontFor(text) {
  return SCRIPTS.find((s) => s.test.test(text)) ?? LATIN;
}

const isLatin = (text) => fontFor(text) === LATIN;

const widths = new Map();

/** The width of `text` in its font at 100 px, measured by drawing it (Indian scripts shape unpredictably). */
async function widthAt100(text) {
  const font = fontFor(text);
  const key = `${font.family}:${text}`;
  if (!widths.has(key)) {
    const sharp = await loadSharp();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${40 + text.length * 110}" height="200"><text x="20" y="140" font-family="${font.family}" font-weight="${font.weight}" font-size="100" letter-spacing="${isLatin(text) ? 1 : 0}">${esc(text)}</text></svg>`;
    const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
    widths.set(key, info.width);
  }
  return widths.get(key);
}

/**
 * Lays a title out to fit a box: one line, or two for a long Latin title, at the largest size (up to
 * maxSize) at which every line fits `width` and all lines fit `height`.
 */
export async function fitTitle(text, width, height, maxSize) {
  const lines = titleLines(text).map((line) => (isLatin(text) ? line.toUpperCase() : line));
  const measured = await Promise.all(lines.map(widthAt100));
  const lineFactor = isLatin(text) ? 1.02 : 1.35;
  const size = Math.floor(
    Math.min(maxSize, ...measured.map((m) => (100 * width) / m), height / (lines.length * lineFactor)),
  );
  return { lines, size, lineHeight: size * lineFactor, latin: isLatin(text), font: fontFor(text) };
}

/** Splits a long Latin title over two lines, at the space nearest its middle. */
function titleLines(text) {
  if (!isLatin(text) || text.length < 11 || !text.includes(' ')) return [text];
  const middle = text.length / 2;
  let best = -1;
  for (let i = 0; i < text.length; i++)
    if (text[i] === ' ' && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  return [text.slice(0, best), text.slice(best + 1)];
}

// ---- Layers ----

function defs(style, id, w, h, r) {
  const [c0, c1, c2] = style.c;
  const gx = 0.3 + r() * 0.4;
  return `<defs>
    <linearGradient id="${id}bg" x1="${r() * 0.3}" y1="0" x2="${0.7 + r() * 0.3}" y2="1">
      <stop offset="0" stop-color="${c2}"/><stop offset="0.45" stop-color="${c1}"/><stop offset="1" stop-color="${c0}"/>
    </linearGradient>
    <radialGradient id="${id}glow" cx="${gx}" cy="0.32" r="0.6">
      <stop offset="0" stop-color="${style.glow}" stop-opacity="0.85"/><stop offset="0.35" stop-color="${style.glow}" stop-opacity="0.25"/>
      <stop offset="1" stop-color="${style.glow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="${id}fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.45" stop-color="${c0}" stop-opacity="0"/><stop offset="0.82" stop-color="${c0}" stop-opacity="0.85"/>
      <stop offset="1" stop-color="${c0}" stop-opacity="1"/>
    </linearGradient>
    <linearGradient id="${id}side" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${c0}" stop-opacity="0.96"/><stop offset="0.38" stop-color="${c0}" stop-opacity="0.7"/>
      <stop offset="0.62" stop-color="${c0}" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="${id}ink" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${style.ink[0]}"/><stop offset="1" stop-color="${style.ink[1]}"/>
    </linearGradient>
  </defs>`;
}

function motif(style, w, h, r) {
  const out = [];
  const n = (k) => Math.round(k * (0.7 + r() * 0.6));
  switch (style.motif) {
    case 'sparks':
      for (let i = 0; i < n(40); i++) {
        const x = r() * w;
        const y = r() * h * 0.8;
        const len = 10 + r() * 40;
        out.push(
          `<line x1="${x}" y1="${y}" x2="${x + len}" y2="${y - len * 0.6}" stroke="${style.glow}" stroke-width="${1 + r() * 2.5}" stroke-opacity="${0.3 + r() * 0.6}" stroke-linecap="round"/>`,
        );
      }
      out.push(
        `<polygon points="0,${h * 0.15} ${w},${h * 0.02} ${w},${h * 0.1} 0,${h * 0.3}" fill="${style.c[2]}" opacity="0.18"/>`,
      );
      break;
    case 'bokeh':
      for (let i = 0; i < n(22); i++) {
        out.push(
          `<circle cx="${r() * w}" cy="${r() * h * 0.75}" r="${8 + r() * Math.min(w, h) * 0.09}" fill="${style.glow}" opacity="${0.06 + r() * 0.2}"/>`,
        );
      }
      break;
    case 'beams':
      for (let i = 0; i < 5; i++) {
        const x = w * (0.15 + r() * 0.7);
        out.push(
          `<polygon points="${x},0 ${x + w * 0.05},0 ${x + w * (0.25 - r() * 0.5)},${h} ${x - w * 0.12},${h}" fill="${style.glow}" opacity="${0.05 + r() * 0.08}"/>`,
        );
      }
      break;
    case 'grid': {
      const horizon = h * 0.6;
      for (let i = 0; i <= 16; i++) {
        const x = (i / 16) * w;
        out.push(
          `<line x1="${w / 2 + (x - w / 2) * 0.15}" y1="${horizon}" x2="${x + (x - w / 2) * 1.5}" y2="${h}" stroke="${style.c[2]}" stroke-opacity="0.45" stroke-width="1.5"/>`,
        );
      }
      for (let j = 1; j <= 9; j++) {
        const y = horizon + (h - horizon) * (j / 9) ** 1.8;
        out.push(
          `<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="${style.c[2]}" stroke-opacity="0.4" stroke-width="1.5"/>`,
        );
      }
      for (let i = 0; i < 60; i++)
        out.push(
          `<circle cx="${r() * w}" cy="${r() * horizon * 0.9}" r="${0.6 + r() * 1.6}" fill="#ffffff" opacity="${0.3 + r() * 0.7}"/>`,
        );
      break;
    }
    case 'mist':
      for (let i = 0; i < 6; i++) {
        out.push(
          `<ellipse cx="${r() * w}" cy="${h * (0.5 + r() * 0.45)}" rx="${w * (0.3 + r() * 0.4)}" ry="${h * 0.05}" fill="#ffffff" opacity="${0.04 + r() * 0.06}"/>`,
        );
      }
      for (let i = 0; i < 7; i++) {
        const x = r() * w;
        out.push(
          `<path d="M${x},0 q${-10 + r() * 20},${h * 0.2} ${-30 + r() * 60},${h * (0.3 + r() * 0.2)}" stroke="#000" stroke-width="${2 + r() * 4}" fill="none" opacity="0.5"/>`,
        );
      }
      break;
    case 'rays': {
      const cx = w * (0.35 + r() * 0.3);
      const cy = h * 0.3;
      for (let i = 0; i < 18; i++) {
        const a = (i / 18) * Math.PI * 2;
        const b = a + 0.07;
        const R = Math.max(w, h) * 1.2;
        out.push(
          `<polygon points="${cx},${cy} ${cx + Math.cos(a) * R},${cy + Math.sin(a) * R} ${cx + Math.cos(b) * R},${cy + Math.sin(b) * R}" fill="${style.glow}" opacity="0.09"/>`,
        );
      }
      break;
    }
    case 'confetti': {
      const colours = ['#ef476f', '#06d6a0', '#118ab2', '#ffffff', '#8338ec'];
      for (let i = 0; i < n(70); i++) {
        const x = r() * w;
        const y = r() * h * 0.8;
        out.push(
          `<rect x="${x}" y="${y}" width="${5 + r() * 10}" height="${3 + r() * 6}" fill="${colours[i % colours.length]}" opacity="0.85" transform="rotate(${r() * 180} ${x} ${y})"/>`,
        );
      }
      break;
    }
    case 'grain':
      for (let i = 0; i < 140; i++)
        out.push(
          `<circle cx="${r() * w}" cy="${r() * h}" r="${0.5 + r()}" fill="#000" opacity="${0.15 + r() * 0.3}"/>`,
        );
      for (let i = 0; i < 6; i++) {
        const x = r() * w;
        out.push(
          `<line x1="${x}" y1="0" x2="${x + r() * 6}" y2="${h}" stroke="#fff" stroke-opacity="0.07" stroke-width="1"/>`,
        );
      }
      break;
    case 'balloons': {
      const colours = ['#ef476f', '#ffd166', '#06d6a0', '#ffffff', '#f78c6b'];
      for (let i = 0; i < n(9); i++) {
        const x = r() * w;
        const y = h * (0.08 + r() * 0.45);
        const s = Math.min(w, h) * (0.04 + r() * 0.04);
        out.push(
          `<path d="M${x},${y + s * 1.2} q${s * 0.3},${s * 1.5} ${-s * 0.2},${s * 3}" stroke="#ffffff" stroke-opacity="0.7" fill="none" stroke-width="1.5"/>`,
        );
        out.push(
          `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${s * 1.2}" fill="${colours[i % colours.length]}" opacity="0.9"/>`,
        );
        out.push(
          `<ellipse cx="${x - s * 0.35}" cy="${y - s * 0.4}" rx="${s * 0.22}" ry="${s * 0.35}" fill="#fff" opacity="0.45"/>`,
        );
      }
      break;
    }
    case 'mandala': {
      const cx = w * 0.5;
      const cy = h * 0.32;
      const R = Math.min(w, h) * 0.42;
      for (let ring = 1; ring <= 4; ring++) {
        const rr = (R * ring) / 4;
        out.push(
          `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="none" stroke="${style.glow}" stroke-opacity="0.35" stroke-width="2"/>`,
        );
        const petals = 8 + ring * 4;
        for (let p = 0; p < petals; p++) {
          const a = (p / petals) * Math.PI * 2;
          const x = cx + Math.cos(a) * rr;
          const y = cy + Math.sin(a) * rr;
          out.push(
            `<ellipse cx="${x}" cy="${y}" rx="${rr * 0.08}" ry="${rr * 0.2}" fill="${style.glow}" opacity="0.18" transform="rotate(${(a * 180) / Math.PI + 90} ${x} ${y})"/>`,
          );
        }
      }
      break;
    }
    case 'stripes':
      for (let i = 0; i < 6; i++) {
        const x = -w * 0.2 + i * w * 0.28;
        out.push(
          `<polygon points="${x},${h} ${x + w * 0.12},${h} ${x + w * 0.52},0 ${x + w * 0.4},0" fill="${style.c[2]}" opacity="${0.05 + (i % 2) * 0.07}"/>`,
        );
      }
      for (let i = 0; i < 8; i++)
        out.push(
          `<circle cx="${(i + 0.5) * (w / 8)}" cy="${h * 0.06}" r="${Math.min(w, h) * 0.012}" fill="#ffffff" opacity="0.9"/>`,
        );
      break;
    case 'pulse': {
      const y = h * 0.42;
      let d = `M0,${y}`;
      for (let x = 0; x < w; x += w / 6) {
        d += ` L${x + w * 0.04},${y} L${x + w * 0.06},${y - h * 0.18} L${x + w * 0.08},${y + h * 0.12} L${x + w * 0.1},${y - h * 0.05} L${x + w * 0.12},${y}`;
      }
      out.push(
        `<path d="${d} L${w},${y}" stroke="${style.glow}" stroke-width="4" fill="none" opacity="0.55" stroke-linejoin="round"/>`,
      );
      for (let i = 0; i < 12; i++) {
        const x = r() * w;
        const yy = r() * h * 0.7;
        const s = 6 + r() * 14;
        out.push(
          `<path d="M${x - s},${yy} h${2 * s} M${x},${yy - s} v${2 * s}" stroke="#ffffff" stroke-width="${s / 3}" opacity="0.12"/>`,
        );
      }
      break;
    }
    case 'leaves':
      for (let i = 0; i < n(16); i++) {
        const x = r() * w;
        const y = r() * h * 0.8;
        const s = Math.min(w, h) * (0.03 + r() * 0.05);
        out.push(
          `<path d="M${x},${y} q${s},${-s} ${s * 2},0 q${-s},${s} ${-s * 2},0 Z" fill="${style.glow}" opacity="${0.12 + r() * 0.2}" transform="rotate(${r() * 360} ${x} ${y})"/>`,
        );
      }
      break;
    case 'planes':
      for (let i = 0; i < n(7); i++) {
        const x = r() * w;
        const y = r() * h * 0.6;
        const s = Math.min(w, h) * (0.03 + r() * 0.03);
        out.push(
          `<path d="M${x},${y} l${s * 2.2},${-s * 0.8} l${-s * 0.9},${s * 1.6} l${-s * 0.3},${-s * 0.5} Z" fill="#ffffff" opacity="${0.35 + r() * 0.4}"/>`,
        );
        out.push(
          `<path d="M${x - s * 3},${y + s * 1.5} q${s},${-s} ${s * 2.6},${-s * 1.2}" stroke="#ffffff" stroke-dasharray="4 6" fill="none" opacity="0.35"/>`,
        );
      }
      break;
    case 'chalk':
      for (let i = 0; i < 14; i++) {
        const x = r() * w;
        const y = r() * h * 0.65;
        const items = ['E=mc²', 'π', 'a²+b²', '∑', '√2', '∞', 'H₂O', 'अ', 'అ', 'அ', '0', '1+1'];
        out.push(
          `<text x="${x}" y="${y}" font-family="Oswald" font-size="${14 + r() * 26}" fill="#ffffff" opacity="${0.12 + r() * 0.18}" transform="rotate(${-15 + r() * 30} ${x} ${y})">${esc(items[i % items.length])}</text>`,
        );
      }
      break;
    default:
      break;
  }
  return out.join('');
}

function scene(style, w, h, r) {
  const base = h * 0.72;
  const fill = style.c[0];
  switch (style.scene) {
    case 'skyline': {
      let d = `M0,${h} L0,${base}`;
      for (let x = 0; x < w;) {
        const bw = w * (0.03 + r() * 0.06);
        const bh = h * (0.05 + r() * 0.22);
        d += ` L${x},${base - bh} L${x + bw},${base - bh}`;
        x += bw;
      }
      let windows = '';
      for (let i = 0; i < 50; i++)
        windows += `<rect x="${r() * w}" y="${base - r() * h * 0.2}" width="3" height="4" fill="${style.glow}" opacity="${0.3 + r() * 0.5}"/>`;
      return `<path d="${d} L${w},${base} L${w},${h} Z" fill="${fill}" opacity="0.92"/>${windows}`;
    }
    case 'hills':
      return [0.62, 0.7, 0.78]
        .map((level, i) => {
          const y = h * level;
          const a = r();
          return `<path d="M0,${y} C${w * 0.25},${y - h * (0.05 + a * 0.08)} ${w * 0.55},${y + h * 0.05} ${w},${y - h * 0.06} L${w},${h} L0,${h} Z" fill="${fill}" opacity="${0.45 + i * 0.25}"/>`;
        })
        .join('');
    case 'sunset':
      return `<circle cx="${w * (0.3 + r() * 0.4)}" cy="${h * 0.6}" r="${Math.min(w, h) * 0.18}" fill="${style.glow}" opacity="0.55"/>
        <path d="M0,${h * 0.64} Q${w * 0.5},${h * 0.6} ${w},${h * 0.66} L${w},${h} L0,${h} Z" fill="${fill}" opacity="0.9"/>`;
    case 'planet': {
      const R = Math.min(w, h) * 0.22;
      const cx = w * (0.6 + r() * 0.25);
      const cy = h * 0.22;
      return `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${style.c[1]}" stroke="${style.c[2]}" stroke-width="3" opacity="0.85"/>
        <ellipse cx="${cx}" cy="${cy}" rx="${R * 1.7}" ry="${R * 0.35}" fill="none" stroke="${style.glow}" stroke-width="4" opacity="0.6" transform="rotate(-15 ${cx} ${cy})"/>`;
    }
    case 'moon': {
      const R = Math.min(w, h) * 0.15;
      const cx = w * (0.55 + r() * 0.3);
      let trees = '';
      for (let x = 0; x < w; x += w / 14) {
        const th = h * (0.12 + r() * 0.15);
        trees += `<path d="M${x},${base + 10} L${x + 6},${base - th} L${x + 12},${base + 10} Z" fill="#000"/>`;
      }
      return `<circle cx="${cx}" cy="${h * 0.2}" r="${R}" fill="#f1faee" opacity="0.9"/>
        <circle cx="${cx + R * 0.35}" cy="${h * 0.2 - R * 0.1}" r="${R}" fill="${style.c[1]}" opacity="0.55"/>
        ${trees}<rect x="0" y="${base}" width="${w}" height="${h - base}" fill="#000"/>`;
    }
    case 'temple': {
      const cx = w * (0.3 + r() * 0.4);
      const tw = Math.min(w, h) * 0.34;
      let d = `M${cx - tw},${base}`;
      const tiers = 6;
      for (let i = 0; i < tiers; i++) {
        const y = base - (i + 1) * tw * 0.22;
        const half = tw * (1 - i / tiers) * 0.8;
        d += ` L${cx - half},${y + tw * 0.22} L${cx - half},${y} L${cx - half * 0.85},${y}`;
      }
      d += ` L${cx},${base - tiers * tw * 0.22 - tw * 0.2}`;
      for (let i = tiers - 1; i >= 0; i--) {
        const y = base - (i + 1) * tw * 0.22;
        const half = tw * (1 - i / tiers) * 0.8;
        d += ` L${cx + half * 0.85},${y} L${cx + half},${y} L${cx + half},${y + tw * 0.22}`;
      }
      d += ` L${cx + tw},${base} Z`;
      return `<path d="${d}" fill="${fill}" opacity="0.9"/><rect x="0" y="${base}" width="${w}" height="${h - base}" fill="${fill}"/>`;
    }
    case 'palms': {
      let out = `<circle cx="${w * 0.7}" cy="${h * 0.45}" r="${Math.min(w, h) * 0.16}" fill="${style.glow}" opacity="0.6"/>`;
      for (const px of [w * 0.12, w * 0.86, w * (0.3 + r() * 0.2)]) {
        const top = h * (0.3 + r() * 0.15);
        out += `<path d="M${px},${base} Q${px + 15},${(base + top) / 2} ${px + 5},${top}" stroke="${fill}" stroke-width="9" fill="none"/>`;
        for (let i = 0; i < 7; i++) {
          const a = (i / 7) * Math.PI * 2;
          out += `<path d="M${px + 5},${top} q${Math.cos(a) * 40},${Math.sin(a) * 20 - 10} ${Math.cos(a) * 80},${Math.sin(a) * 30 + 25}" stroke="${fill}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
        }
      }
      return `${out}<path d="M0,${base} Q${w / 2},${base - 20} ${w},${base} L${w},${h} L0,${h} Z" fill="${fill}"/>`;
    }
    case 'stadium':
      return `<path d="M0,${base - h * 0.08} Q${w / 2},${base - h * 0.2} ${w},${base - h * 0.08} L${w},${h} L0,${h} Z" fill="${fill}" opacity="0.95"/>
        <path d="M0,${base + h * 0.02} Q${w / 2},${base - h * 0.06} ${w},${base + h * 0.02}" stroke="${style.glow}" stroke-opacity="0.5" stroke-width="3" fill="none"/>`;
    case 'dome': {
      const cx = w * (0.5 + r() * 0.25);
      const R = Math.min(w, h) * 0.16;
      let cols = '';
      for (let i = -4; i <= 4; i++)
        cols += `<rect x="${cx + i * R * 0.3 - 4}" y="${base - R * 0.9}" width="8" height="${R * 0.9}" fill="${fill}"/>`;
      return `<path d="M${cx - R},${base - R * 0.9} A${R},${R} 0 0 1 ${cx + R},${base - R * 0.9} Z" fill="${fill}"/>
        <rect x="${cx - 3}" y="${base - R * 2.1}" width="6" height="${R * 0.3}" fill="${fill}"/>
        <rect x="${cx - R * 1.5}" y="${base - R * 0.95}" width="${R * 3}" height="${R * 0.12}" fill="${fill}"/>${cols}
        <rect x="0" y="${base}" width="${w}" height="${h - base}" fill="${fill}"/>`;
    }
    case 'crowd': {
      let out = '';
      for (let row = 0; row < 3; row++) {
        const y = base + row * h * 0.07;
        for (let x = -10; x < w + 20; x += w * 0.035 + r() * w * 0.02) {
          const s = Math.min(w, h) * (0.028 + row * 0.006);
          out += `<circle cx="${x}" cy="${y - s * 1.6}" r="${s * 0.7}" fill="${fill}"/><path d="M${x - s * 1.4},${y + s} Q${x},${y - s * 1.6} ${x + s * 1.4},${y + s} Z" fill="${fill}"/>`;
        }
      }
      return `${out}<rect x="0" y="${base + h * 0.16}" width="${w}" height="${h}" fill="${fill}"/>`;
    }
    case 'podium': {
      const cx = w * (0.3 + r() * 0.15);
      const pw = Math.min(w, h) * 0.22;
      let mics = '';
      for (let i = -1; i <= 1; i++)
        mics += `<path d="M${cx + i * pw * 0.15},${base - pw * 0.7} l${i * pw * 0.1},${-pw * 0.45}" stroke="${fill}" stroke-width="5"/><circle cx="${cx + i * pw * 0.25}" cy="${base - pw * 1.18}" r="${pw * 0.06}" fill="${fill}"/>`;
      return `${mics}<path d="M${cx - pw * 0.6},${base - pw * 0.7} L${cx + pw * 0.6},${base - pw * 0.7} L${cx + pw * 0.45},${base + 5} L${cx - pw * 0.45},${base + 5} Z" fill="${fill}" stroke="${style.glow}" stroke-opacity="0.4" stroke-width="2"/>
        <rect x="0" y="${base}" width="${w}" height="${h - base}" fill="${fill}"/>`;
    }
    case 'school': {
      const cx = w * (0.25 + r() * 0.2);
      const sw = Math.min(w, h) * 0.5;
      let windows = '';
      for (let i = 0; i < 5; i++)
        windows += `<rect x="${cx - sw * 0.4 + i * sw * 0.17}" y="${base - sw * 0.35}" width="${sw * 0.09}" height="${sw * 0.12}" fill="${style.glow}" opacity="0.55"/>`;
      return `<path d="M${cx - sw / 2},${base} L${cx - sw / 2},${base - sw * 0.45} L${cx},${base - sw * 0.7} L${cx + sw / 2},${base - sw * 0.45} L${cx + sw / 2},${base} Z" fill="${fill}"/>
        <circle cx="${cx}" cy="${base - sw * 0.53}" r="${sw * 0.05}" fill="${style.glow}" opacity="0.7"/>${windows}
        <rect x="0" y="${base}" width="${w}" height="${h - base}" fill="${fill}"/>`;
    }
    case 'books': {
      let out = '';
      let x = w * 0.55;
      const colours = ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#f78c6b'];
      for (let i = 0; i < 9; i++) {
        const bw = w * (0.02 + r() * 0.02);
        const bh = h * (0.15 + r() * 0.12);
        out += `<rect x="${x}" y="${base - bh}" width="${bw}" height="${bh}" fill="${colours[i % colours.length]}" opacity="0.85"/>`;
        x += bw + 3;
      }
      return `${out}<rect x="0" y="${base}" width="${w}" height="${h - base}" fill="${fill}"/>`;
    }
    default:
      return '';
  }
}

const HAIR = ['short', 'bun', 'waves', 'short', 'ponytail'];

/** One head-and-shoulders silhouette at (cx, base) of scale s, with a hair style. */
function bust(cx, base, s, hair, tilt) {
  const headY = base - 330 * s;
  const shoulders = `M${cx - 155 * s},${base} C${cx - 150 * s},${base - 150 * s} ${cx - 110 * s},${base - 215 * s} ${cx - 30 * s},${base - 226 * s} L${cx + 30 * s},${base - 226 * s} C${cx + 110 * s},${base - 215 * s} ${cx + 150 * s},${base - 150 * s} ${cx + 155 * s},${base} Z`;
  const neck = `<path d="M${cx - 24 * s},${headY + 40 * s} L${cx + 24 * s},${headY + 40 * s} L${cx + 30 * s},${base - 222 * s} L${cx - 30 * s},${base - 222 * s} Z"/>`;
  const head = `<ellipse cx="${cx}" cy="${headY}" rx="${48 * s}" ry="${60 * s}"/>`;
  let hairShape = '';
  if (hair === 'ponytail')
    hairShape = `<path d="M${cx - 52 * s},${headY - 5 * s} C${cx - 58 * s},${headY - 75 * s} ${cx + 58 * s},${headY - 82 * s} ${cx + 53 * s},${headY - 8 * s} Z"/><path d="M${cx + 40 * s},${headY - 30 * s} C${cx + 95 * s},${headY - 10 * s} ${cx + 85 * s},${headY + 70 * s} ${cx + 62 * s},${headY + 110 * s} C${cx + 62 * s},${headY + 60 * s} ${cx + 55 * s},${headY + 10 * s} ${cx + 35 * s},${headY - 5 * s} Z"/>`;
  else if (hair === 'bun')
    hairShape = `<circle cx="${cx + 8 * s}" cy="${headY - 66 * s}" r="${24 * s}"/><ellipse cx="${cx}" cy="${headY - 18 * s}" rx="${52 * s}" ry="${50 * s}"/>`;
  else if (hair === 'waves')
    hairShape = `<path d="M${cx - 54 * s},${headY} C${cx - 70 * s},${headY - 60 * s} ${cx - 20 * s},${headY - 95 * s} ${cx + 10 * s},${headY - 78 * s} C${cx + 50 * s},${headY - 95 * s} ${cx + 72 * s},${headY - 40 * s} ${cx + 54 * s},${headY} Z"/>`;
  else
    hairShape = `<path d="M${cx - 52 * s},${headY - 5 * s} C${cx - 58 * s},${headY - 70 * s} ${cx + 58 * s},${headY - 82 * s} ${cx + 53 * s},${headY - 8 * s} C${cx + 30 * s},${headY - 38 * s} ${cx - 20 * s},${headY - 40 * s} ${cx - 52 * s},${headY - 5 * s} Z"/>`;
  return `<g transform="rotate(${tilt} ${cx} ${base})"><path d="${shoulders}"/>${neck}${hairShape}${head}</g>`;
}

/**
 * The cast as head-and-shoulders silhouettes, lit from behind: a copy in the light's colour sits a
 * little towards the light, so only the edge facing it glows.
 */
function figures(style, w, h, r, count, centre, lightX) {
  const unit = Math.min(w, h) / 500;
  const places =
    count >= 3
      ? [
          [centre - 150 * unit, 0.74 + r() * 0.06],
          [centre + 150 * unit, 0.76 + r() * 0.06],
          [centre, 1.05],
        ]
      : count === 2
        ? [
            [centre - 85 * unit, 0.98],
            [centre + 90 * unit, 0.86],
          ]
        : [[centre, 1.1]];
  const out = [];
  for (const [i, [cx, size]] of places.entries()) {
    const s = size * unit * (0.95 + r() * 0.1);
    const shape = bust(
      cx,
      h,
      s,
      HAIR[Math.floor(r() * HAIR.length)],
      (r() - 0.5) * 6 + (count === 2 ? (i ? -3 : 3) : 0),
    );
    const dx = Math.sign(lightX - cx) * 4 * s;
    out.push(
      `<g fill="${style.glow}" opacity="0.75" transform="translate(${dx} ${-4 * s})">${shape}</g>`,
      `<g fill="${style.c[0]}">${shape}</g>`,
    );
  }
  return out.join('');
}

// ---- Lettering ----

/** Title lettering from fitTitle's layout: gradient ink, an outline, and a soft shadow. The last line sits on `y`. */
function lettering(layout, { x, y, id, style, anchor = 'middle' }) {
  const { lines, size, lineHeight, font, latin } = layout;
  const startY = y - (lines.length - 1) * lineHeight;
  return lines
    .map((line, i) => {
      const shown = esc(line);
      const attrs = `x="${x}" y="${startY + i * lineHeight}" font-family="${font.family}" font-weight="${font.weight}" font-size="${size}" text-anchor="${anchor}"${latin ? ' letter-spacing="1"' : ''}`;
      return `<text ${attrs} fill="#000" opacity="0.55" transform="translate(${size * 0.04} ${size * 0.05})">${shown}</text>
        <text ${attrs} fill="url(#${id}ink)" stroke="${style.c[0]}" stroke-width="${Math.max(1.5, size * 0.025)}" paint-order="stroke">${shown}</text>`;
    })
    .join('');
}

function smallText(
  text,
  { x, y, size, anchor = 'middle', colour = '#ffffff', opacity = 0.85, spacing = 3, weight = 400 },
) {
  return `<text x="${x}" y="${y}" font-family="Oswald" font-weight="${weight}" font-size="${size}" letter-spacing="${spacing}" text-anchor="${anchor}" fill="${colour}" opacity="${opacity}">${esc(text)}</text>`;
}

// ---- Pictures ----

/** A 2:3 poster: the genre's palette and motif, the cast as silhouettes, the title in bold lettering, credits. */
export async function posterSvg(title) {
  const { width: w, height: h } = POSTER;
  const style = title.style;
  const r = randomFor(`poster:${title.title}`);
  const count = style.pair ? 2 : Math.min(3, Math.max(1, title.cast.length - 1));
  const cast = title.cast
    .slice(0, 3)
    .map((n) => n.toUpperCase())
    .join('   ');
  const layout = await fitTitle(title.title, w * 0.86, h * 0.24, 96);
  // Under an Indian script the Latin spelling needs room below the letters' deep signs.
  const titleY = title.latin ? h * 0.78 : h * 0.82;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${defs(style, 'p', w, h, r)}
    <rect width="${w}" height="${h}" fill="url(#pbg)"/>
    <rect width="${w}" height="${h}" fill="url(#pglow)"/>
    ${motif(style, w, h, r)}
    ${scene(style, w, h, r)}
    <g transform="translate(0 ${-h * 0.17})">${figures(style, w, h, r, count, w / 2, w / 2)}</g>
    <rect width="${w}" height="${h}" fill="url(#pfade)"/>
    ${smallText(cast, { x: w / 2, y: 40, size: 15, spacing: 2.5 })}
    ${lettering(layout, { x: w / 2, y: titleY, id: 'p', style })}
    ${title.latin ? smallText(title.latin.toUpperCase(), { x: w / 2, y: titleY + layout.size * 0.42 + 18, size: 22, spacing: 5, weight: 600 }) : ''}
    ${smallText(title.tagline ?? '', { x: w / 2, y: h - 48, size: 16, spacing: 1.5, opacity: 0.8 })}
    ${smallText(`${title.language.toUpperCase()}  ·  ${title.year}  ·  ${title.rating}`, { x: w / 2, y: h - 22, size: 13, spacing: 4, opacity: 0.7 })}
    ${style.frame ? `<rect x="10" y="10" width="${w - 20}" height="${h - 20}" fill="none" stroke="${style.ink[1]}" stroke-width="2" opacity="0.6"/>` : ''}
  </svg>`;
}

/** A 16:9 banner: the scene on the right, the left kept dark for the title image laid over it. */
export function bannerSvg(title) {
  const { width: w, height: h } = BANNER;
  const style = title.style;
  const r = randomFor(`banner:${title.title}`);
  const count = style.pair ? 2 : Math.min(3, Math.max(1, (title.cast?.length ?? 2) - 1));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${defs(style, 'b', w, h, r)}
    <rect width="${w}" height="${h}" fill="url(#bbg)"/>
    <g transform="translate(${w * 0.22} 0)"><rect width="${w}" height="${h}" fill="url(#bglow)"/></g>
    ${motif(style, w, h, r)}
    ${scene(style, w, h, r)}
    ${title.figures === false ? '' : `<g transform="translate(0 ${h * 0.02})">${figures(style, w, h, r, count, w * 0.7, w * 0.72)}</g>`}
    <rect width="${w}" height="${h}" fill="url(#bside)"/>
    <rect width="${w}" height="${h}" fill="url(#bfade)" opacity="0.7"/>
    ${style.frame ? `<rect x="14" y="14" width="${w - 28}" height="${h - 28}" fill="none" stroke="${style.ink[1]}" stroke-width="2" opacity="0.5"/>` : ''}
  </svg>`;
}

/** A transparent title image: the title's lettering (with its Latin spelling under an Indian script). */
export async function titleSvg(title) {
  const { width: w, height: h } = TITLE;
  const style = title.style;
  const hasLatin = Boolean(title.latin);
  const layout = await fitTitle(title.title, w * 0.94, h * (hasLatin ? 0.62 : 0.8), hasLatin ? 150 : 190);
  // Baseline of the last line: the block of lines centred in the space above the Latin spelling.
  const block = layout.lines.length * layout.lineHeight;
  const top = ((hasLatin ? h * 0.72 : h) - block) / 2;
  const y = top + block - layout.lineHeight * (layout.latin ? 0.16 : 0.3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${defs(style, 't', w, h, () => 0.5)}
    ${lettering(layout, { x: w / 2, y, id: 't', style })}
    ${hasLatin ? smallText(title.latin.toUpperCase(), { x: w / 2, y: h * 0.9, size: 44, spacing: 10, weight: 600, opacity: 0.95, colour: style.ink[1] }) : ''}
  </svg>`;
}

/**
 * Renders an SVG to WebP (posters), JPEG (banners: large, and JPEG encodes them fastest) or PNG
 * (title images, which need transparency).
 */
export async function render(svg, format) {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(svg));
  if (format === 'png') return image.png({ compressionLevel: 6 }).toBuffer();
  if (format === 'jpeg') return image.jpeg({ quality: 84, chromaSubsampling: '4:4:4' }).toBuffer();
  return image.webp({ quality: 82, effort: 2 }).toBuffer();
}
