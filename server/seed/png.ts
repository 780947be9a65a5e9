import { deflateSync } from 'node:zlib';

/**
 * A small PNG encoder for the demo catalogue's pictures: made on the machine at seed time,
 * so starting needs no network and no image files in the repository.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = [number, number, number];

/** An RGB PNG whose pixel colours come from `paint(x, y)`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let at = 0;
  for (let y = 0; y < height; y++) {
    raw[at++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[at++] = r;
      raw[at++] = g;
      raw[at++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A product picture: a soft gradient in the category's hue with a round "product" shape
 * and stripes; `variant` moves the shape and changes the stripes, so no two look alike.
 */
export function productPicture(hue: number, variant: number, size = 240): Buffer {
  const cx = size * (0.35 + ((variant * 37) % 30) / 100);
  const cy = size * (0.4 + ((variant * 53) % 25) / 100);
  const radius = size * (0.22 + ((variant * 11) % 10) / 100);
  const stripes = 3 + (variant % 5);
  const accent = hsl((hue + 150 + variant * 7) % 360, 0.55, 0.5);
  const shade = hsl((hue + 150 + variant * 7) % 360, 0.55, 0.38);
  const white: Rgb = [250, 250, 250];
  const background = Array.from({ length: size }, (_, y) => hsl(hue, 0.45, 0.78 - (y / size) * 0.28));
  return encodePng(size, size, (x, y) => {
    const dx = x - cx,
      dy = y - cy;
    const d2 = dx * dx + dy * dy;
    if (d2 < radius * radius) return Math.floor((y / size) * stripes * 2) % 2 === 0 ? accent : shade;
    if (d2 < (radius + 3) * (radius + 3)) return white;
    return background[y];
  });
}

/** A wide banner picture with diagonal bands. */
export function bannerPicture(hue: number, width = 960, height = 320): Buffer {
  const rows = Array.from({ length: height }, (_, y) =>
    [0, 1, 2].map((band) => hsl((hue + band * 18) % 360, 0.6, 0.42 + band * 0.08 + (y / height) * 0.1)),
  );
  return encodePng(width, height, (x, y) => rows[y][Math.floor((x + y * 1.5) / 120) % 3]);
}
