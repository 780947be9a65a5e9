import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { inlineHashes } from '@server/lib/security-headers';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp } from './helpers';

/** Browser security headers on every answer (docs/operations.md#run-and-deploy). */
const THEME_SCRIPT = "\n  document.documentElement.setAttribute('data-theme', 'dark');\n";
const SPLASH_STYLE = '.splash{display:grid}';
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><style>${SPLASH_STYLE}</style>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="splash" style="opacity:1">Connecting Markets...</div><div id="root"></div></body></html>`;
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP as a map of directive → sources. */
function csp(headers: Headers): Map<string, string[]> {
  const value = headers.get('content-security-policy') ?? '';
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

let t: TestApp;
beforeAll(async () => {
  const root = await mkdtemp(path.join(inject('tmpDir'), 'csp-'));
  const distDir = path.join(root, 'dist');
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), INDEX);
  await writeFile(path.join(distDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  t = await startTestApp({ ratesUrl: 'https://rates.example/v6/latest/USD' }, { web: { distDir } });
});
afterAll(async () => {
  await t.close();
});

describe('inline code of index.html', () => {
  it('is hashed from the served file: inline scripts (not src ones), <style> blocks and style attributes', () => {
    expect(inlineHashes(INDEX)).toEqual({
      scripts: [hash(THEME_SCRIPT)],
      styles: [hash(SPLASH_STYLE)],
      styleAttributes: [hash('opacity:1')],
    });
  });
});

describe('every answer', () => {
  it('carries a CSP allowing only our own and hashed scripts, our styles and media, the rates origin, and no framing', async () => {
    for (const url of ['/', '/products/12', '/api/health/', '/api/nope/', '/assets/index-abc.js', '/sw.js']) {
      const res = await fetch(new URL(url, t.baseUrl));
      const policy = csp(res.headers);
      expect(policy.get('script-src'), url).toEqual(["'self'", hash(THEME_SCRIPT)]);
      expect(policy.get('style-src'), url).toEqual(["'self'", hash(SPLASH_STYLE), "'unsafe-hashes'", hash('opacity:1')]);
      expect(policy.get('style-src-attr'), url).toEqual(["'unsafe-inline'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://rates.example']);
      expect(policy.get('worker-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('carries the same full set on API answers, guest or signed in, errors included, and no HSTS', async () => {
    const user = await createUser(t);
    const answers = [
      await fetch(new URL('/api/products/?limit=2', t.baseUrl), { headers: { 'accept-encoding': 'br' } }),
      await fetch(new URL('/api/me/', t.baseUrl), { headers: { authorization: `Bearer ${user.token}` } }),
      await fetch(new URL('/api/me/', t.baseUrl), { headers: { authorization: 'Bearer not-a-token' } }),
      await fetch(new URL('/api/products/', t.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=x',
      }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 401, 401]);
    for (const res of answers) {
      expect(csp(res.headers).get('default-src')).toEqual(["'self'"]);
      expect(csp(res.headers).get('frame-ancestors')).toEqual(["'none'"]);
      expect({
        coop: res.headers.get('cross-origin-opener-policy'),
        corp: res.headers.get('cross-origin-resource-policy'),
        oac: res.headers.get('origin-agent-cluster'),
        referrer: res.headers.get('referrer-policy'),
        nosniff: res.headers.get('x-content-type-options'),
        dns: res.headers.get('x-dns-prefetch-control'),
        download: res.headers.get('x-download-options'),
        frame: res.headers.get('x-frame-options'),
        crossDomain: res.headers.get('x-permitted-cross-domain-policies'),
        xss: res.headers.get('x-xss-protection'),
        hsts: res.headers.get('strict-transport-security'),
      }).toEqual({
        coop: 'same-origin',
        corp: 'same-origin',
        oac: '?1',
        referrer: 'strict-origin-when-cross-origin',
        nosniff: 'nosniff',
        dns: 'off',
        download: 'noopen',
        frame: 'DENY',
        crossDomain: 'none',
        xss: '0',
        hsts: null,
      });
    }
    expect(answers[0].headers.get('vary')).toMatch(/accept-encoding/i);
    expect(answers.map((res) => res.headers.get('cache-control'))).toEqual(['no-cache', 'no-store', 'no-store', null]);
  });

  it('covers media files', async () => {
    const user = await createUser(t);
    const form = new FormData();
    form.append('file', fileBlob(SAMPLE_FILES.png), 'a.png');
    const up = await t.api.post('/api/media/upload/', form, { token: user.token });
    const res = await fetch(new URL(up.body.secure_url, t.baseUrl));
    expect(csp(res.headers).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the API documentation (/api/docs)', () => {
  it('may use inline styles, as Swagger UI renders with them, but still only our own scripts', async () => {
    const res = await fetch(new URL('/api/docs/static/index.html', t.baseUrl));
    expect(res.status).toBe(200);
    const policy = csp(res.headers);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('script-src')).toEqual(["'self'", hash(THEME_SCRIPT)]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('Cache-Control', () => {
  it('is no-store on signed-in API answers, errors included', async () => {
    const user = await createUser(t);
    for (const url of ['/api/me/', '/api/products/', '/api/notifications/?is_read=maybe']) {
      const res = await t.api.get(url, { token: user.token });
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it("leaves guests' catalogue answers and the app shell to their own caching", async () => {
    expect((await t.api.get('/api/products/')).headers.get('cache-control')).not.toBe('no-store');
    expect((await fetch(new URL('/', t.baseUrl))).headers.get('cache-control')).toBe('no-cache');
  });
});
