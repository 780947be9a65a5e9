import { MEDIA_WIDTHS } from '../shared/constants';

/**
 * Resized variants of our own media (DESIGN §5: `/media/<file>?w=<width>` answers a WebP of
 * that width). Only `/media/` URLs of this app's origin have them; any other URL is used as it is.
 */
const RESIZABLE = /\.(png|jpe?g|webp|gif)$/i;

function ownMedia(url: string | null | undefined): URL | null {
  if (!url) return null;
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname.startsWith('/media/') && RESIZABLE.test(parsed.pathname) ? parsed : null;
  } catch {
    return null;
  }
}

/** The smallest offered width covering `width` (the largest one beyond that). */
function offeredWidth(width: number): number {
  return MEDIA_WIDTHS.find((w) => w >= width) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
}

/** `url` at `width` px when the server can resize it, else `url` unchanged; keeps a relative URL relative. */
export function mediaUrl(url: string, width: number): string {
  const own = ownMedia(url);
  if (!own) return url;
  own.searchParams.set('w', String(offeredWidth(width)));
  return /^https?:/i.test(url) ? own.href : `${own.pathname}${own.search}`;
}

/** A srcset over every offered width ("…?w=200 200w, …?w=400 400w, …"), or undefined for other URLs. */
export function mediaSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !ownMedia(url)) return undefined;
  return MEDIA_WIDTHS.map((w) => `${mediaUrl(url, w)} ${w}w`).join(', ');
}
