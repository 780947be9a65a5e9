import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes a CSP needs for the inline code of the served index.html, computed from the file
 * itself at start-up so that editing an inline script (the theme script, a splash) needs no
 * change here: inline <script> contents, <style> contents and style="" attribute values.
 */
export function inlineHashes(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes)).map(([, , body]) => sha256(body));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => sha256(body));
  const styleAttributes = [...html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map(([, double, single]) => sha256(double ?? single));
  return { scripts, styles, styleAttributes };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try { return new URL(url).origin; } catch { return undefined; }
}

export interface SecurityHeaderOptions {
  /** The index.html the server serves (absent when only the API is served). */
  indexHtml?: string;
  /** Upstream rates (RATES_URL): the only other origin the page may talk to. */
  ratesUrl?: string;
}

/**
 * Browser security headers on every answer (issue 12): a CSP that runs only the app's own
 * scripts and the hashed inline ones, loads styles, images and media from this origin, and
 * may not be framed; no referrer to other sites; nosniff; and answers to a signed-in request
 * are never stored by a cache, because they carry that user's data.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const inline = options.indexHtml ? inlineHashes(options.indexHtml) : { scripts: [], styles: [], styleAttributes: [] };
  const ratesOrigin = originOf(options.ratesUrl);
  // style="" attributes in index.html need 'unsafe-hashes' with their hashes; React sets styles through the DOM, which a CSP does not restrict.
  const styleSrc = ["'self'", ...inline.styles, ...(inline.styleAttributes.length > 0 ? ["'unsafe-hashes'", ...inline.styleAttributes] : [])];

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inline.scripts],
        styleSrc,
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(ratesOrigin ? [ratesOrigin] : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The app is also served over plain HTTP on a LAN or 127.0.0.1: no forced upgrade, no HSTS from here.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization && request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    // Swagger UI (/api/docs) sets inline styles as it renders; its scripts stay 'self' only, and it shows no user data.
    if (request.url.startsWith('/api/docs')) {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"));
    }
    return payload;
  });
}
