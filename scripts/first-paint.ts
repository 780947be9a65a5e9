import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { LANGUAGES, SPLASH_MS } from '../src/shared/constants.ts';

/** The splash's msgid in src/app/App.tsx; its translations are read from the catalogs. */
const SPLASH_MSGID = 'Connecting Markets...';
const CATALOG = /\/locales\/(\w+)\/messages\.po$/;
const DEVICE = /\/src\/sync\/device\.ts$/;

/** msgstr of `msgid` in a PO catalog (one-line entries, as Lingui writes them). */
export function translationOf(po: string, msgid: string): string | undefined {
  const quoted = JSON.stringify(msgid);
  const at = po.indexOf(`msgid ${quoted}\nmsgstr `);
  if (at < 0) return undefined;
  const line = po.slice(at + quoted.length + 14).split('\n')[0];
  const text = JSON.parse(line) as string;
  return text || undefined;
}

/**
 * The local database's chunk and the chunks it imports (not the entry's own): a repeat visit asks
 * for them while the entry script loads (index.html), as src/sync/device.ts is loaded at once then.
 */
function deviceChunks(bundle: NonNullable<IndexHtmlTransformContext['bundle']>): string[] {
  const chunks = new Map(Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [[out.fileName, out] as const] : [])));
  const device = [...chunks.values()].find((chunk) => DEVICE.test(chunk.facadeModuleId ?? ''));
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || chunk.isEntry || files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunk.imports) add(imported);
  };
  if (device) add(device.fileName);
  return [...files].map((fileName) => `/${fileName}`);
}

/**
 * Fills index.html's FIRST_PAINT: the splash text in every language (so the inline splash
 * speaks the stored language before any script), and, in a build, the chunk of each
 * language's catalog, which the inline script preloads for the stored language; in a build, the app's stylesheet put inline (the home screen is in the
 * entry, so its styles are part of it). Also the splash's duration in the inline style, from
 * src/shared/constants.
 */
export function firstPaint(): Plugin[] {
  let root = process.cwd();
  // Before Vite minifies the inline style, which drops the placeholder comment.
  const duration: Plugin = {
    name: 'marketplace:first-paint-duration',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace(/\/\*SPLASH_MS\*\/\d+ms/, `${SPLASH_MS}ms`) },
  };
  return [
    duration,
    {
      name: 'marketplace:first-paint',
      configResolved(config) {
        root = config.root;
      },
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          const splash: Record<string, string> = { en: SPLASH_MSGID };
          for (const language of LANGUAGES) {
            const po = readFileSync(path.join(root, 'locales', language, 'messages.po'), 'utf8');
            const text = translationOf(po, SPLASH_MSGID);
            if (text) splash[language] = text;
          }
          const catalogs: Record<string, string> = {};
          for (const out of Object.values(ctx.bundle ?? {})) {
            const catalog = out.type === 'chunk' ? CATALOG.exec(out.facadeModuleId ?? '') : null;
            if (catalog) catalogs[catalog[1]] = `/${out.fileName}`;
          }
          const data = { splash, catalogs, device: deviceChunks(ctx.bundle ?? {}) };
          return (
            html
              .replace(/\/\*FIRST_PAINT\*\/ \{[^\n]*\}/, () => JSON.stringify(data))
              // The app's stylesheet goes inside the page (a few KB compressed): a linked one would
              // hold the first paint back by a round trip and its share of a slow link.
              .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
                const asset = ctx.bundle?.[fileName];
                return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
              })
          );
        },
      },
    },
  ];
}
