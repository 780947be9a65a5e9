// Renders the app icons into public/ (run by hand after changing the logo: node scripts/make-icons.mjs).
// The drawing matches src/app/Logo.tsx: a white shopping bag with a gold coin on teal, on a
// 64-unit grid. PNGs are encoded here with node:zlib, so no image tool is needed.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

const TEAL = [15, 118, 110, 255];
const WHITE = [248, 250, 252, 255];
const GOLD = [245, 158, 11, 255];
const CLEAR = [0, 0, 0, 0];

/** Colour at a point of the 64×64 logo; `fullBleed` fills the square (maskable, apple-touch). */
function logoAt(x, y, fullBleed) {
  let colour = CLEAR;
  const r = 14;
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  const inBackground = x >= 0 && x <= 64 && y >= 0 && y <= 64 && (fullBleed || (x - cx) ** 2 + (y - cy) ** 2 <= r * r);
  if (inBackground) colour = TEAL;
  if (y >= 24 && y <= 50) {
    const t = (y - 24) / 26;
    if (x >= 16 + 3 * t && x <= 48 - 3 * t) colour = WHITE;
  }
  const d = Math.hypot(x - 32, y - 22);
  if (y <= 22 && d >= 6 && d <= 10) colour = WHITE;
  if (y >= 22 && y <= 28 && ((x >= 22 && x <= 26) || (x >= 38 && x <= 42))) colour = WHITE;
  if (Math.hypot(x - 32, y - 37) <= 5) colour = GOLD;
  return colour;
}

/** RGBA pixels, 4×4 supersampled; `scale` < 1 shrinks the drawing into the maskable safe zone. */
function render(size, { fullBleed = false, scale = 1 } = {}) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = ((px + (sx + 0.5) / samples) / size) * 64;
          const v = ((py + (sy + 0.5) / samples) / size) * 64;
          // Outside the scaled drawing the maskable background continues.
          const x = 32 + (u - 32) / scale;
          const y = 32 + (v - 32) / scale;
          const c = fullBleed && (x < 0 || x > 64 || y < 0 || y > 64) ? TEAL : logoAt(x, y, fullBleed);
          for (let i = 0; i < 4; i++) sum[i] += i < 3 ? c[i] * c[3] : c[3];
        }
      }
      const n = samples * samples;
      const alpha = sum[3] / n;
      const o = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) pixels[o + i] = alpha ? Math.round(sum[i] / sum[3]) : 0;
      pixels[o + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** An .ico holding one PNG image (supported by every current browser). */
function ico(size, pngData) {
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry[0] = size;
  entry[1] = size;
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(pngData.length, 8);
  entry.writeUInt32LE(22, 12);
  return Buffer.concat([header, entry, pngData]);
}

mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, png(size, render(size)));
  // Maskable: the platform crops to a circle or squircle; keep the drawing inside the 80% safe zone.
  writeFileSync(`public/icons/maskable-${size}.png`, png(size, render(size, { fullBleed: true, scale: 0.72 })));
}
writeFileSync('public/apple-touch-icon.png', png(180, render(180, { fullBleed: true, scale: 0.8 })));
writeFileSync('public/favicon.ico', ico(32, png(32, render(32))));
writeFileSync(
  'public/favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#0f766e"/>
  <path d="M16 24h32l-3 26H19z" fill="#f8fafc"/>
  <path d="M24 28v-6a8 8 0 0 1 16 0v6" fill="none" stroke="#f8fafc" stroke-width="4" stroke-linecap="round"/>
  <circle cx="32" cy="37" r="5" fill="#f59e0b"/>
</svg>
`,
);
console.log('icons written to public/');
