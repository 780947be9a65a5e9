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
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , body]) => sha256(body));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => sha256(body));
  const styleAttributes = [...html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map(([, double, single]) =>
    sha256(double ?? single),
  );
  return { scripts, styles, styleAttributes };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export interface SecurityHeaderOptions {
  /** The index.html the server serves (absent when only the API is served). */
  indexHtml?: string;
  /** Upstream rates (RATES_URL): the only other origin the page may talk to. */
  ratesUrl?: string;
}

/** Directive → sources, written out in the order a browser reads them. */
const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');

/**
 * Browser security headers on every answer (docs/operations.md#run-and-deploy): a CSP that runs only the app's own
 * scripts and the hashed inline ones, loads styles, images and media from this origin, and
 * may not be framed; no referrer to other sites; nosniff; and answers to a signed-in request
 * are never stored by a cache, because they carry that user's data. The set is the same for
 * every answer, so it is built once here and set with one call per request: made per request
 * (as @fastify/helmet did, rebuilding helmet's middleware chain each time) it was a third of
 * the API's own CPU time per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const inline = options.indexHtml ? inlineHashes(options.indexHtml) : { scripts: [], styles: [], styleAttributes: [] };
  const ratesOrigin = originOf(options.ratesUrl);
  // style="" attributes in index.html need 'unsafe-hashes' with their hashes; React sets styles through the DOM, which a CSP does not restrict.
  const styleSrc = [
    "'self'",
    ...inline.styles,
    ...(inline.styleAttributes.length > 0 ? ["'unsafe-hashes'", ...inline.styleAttributes] : []),
  ];
  const directives = (styles: string[]) =>
    policy({
      'default-src': ["'self'"],
      'script-src': ["'self'", ...inline.scripts],
      'style-src': styles,
      // A server-rendered page (server/web/render.ts) carries React's style="" attributes (a
      // picture's tint colour, a reserved size): attributes only, never a <style> block or script.
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", ...(ratesOrigin ? [ratesOrigin] : [])],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  // Helmet's set, as it was configured: no HSTS, as the app is also served over plain HTTP on a LAN or 127.0.0.1.
  const headers = (csp: string) => ({
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
  const everyAnswer = headers(directives(styleSrc));
  // Swagger UI (/api/docs) sets inline styles as it renders; its scripts stay 'self' only, and it shows no user data.
  const docs = headers(directives(["'self'", "'unsafe-inline'"]));

  // Synchronous hooks: an async one costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/docs') ? docs : everyAnswer);
    done();
  });
  // After the route (it may set its own Cache-Control, e.g. rates), errors included.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization && request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
