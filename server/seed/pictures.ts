import sharp from 'sharp';
import { bannerSvg, kindOf, logoSvg, productSvg, type Kind } from './drawings';

/** The demo catalogue's pictures as WebP, drawn at seed time (drawings.ts): no image files in the repository, no network. */

const webp = (svg: string) => sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();

/** A product's picture, drawn for what its name says it is; `close` is the gallery's second, closer view. */
export function productPicture(name: string, hue: number, variant: number, close = false): Promise<Buffer> {
  return webp(productSvg(kindOf(name), hue, close, variant));
}

export function logoPicture(company: string, hue: number): Promise<Buffer> {
  return webp(logoSvg(company, hue));
}

export function bannerPicture(hue: number, kinds: Kind[]): Promise<Buffer> {
  return webp(bannerSvg(hue, kinds));
}
