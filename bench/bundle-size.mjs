// Bundle sizes after `npx vite build` (run by hand: node bench/bundle-size.mjs).
// Prints the entry JavaScript (plus what index.html preloads with it) gzip size against the
// 120 KB target, and the largest lazily loaded chunks (route screens, catalogs).
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve('dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `npx vite build` first.');
  process.exit(1);
}
const TARGET_KB = 120;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sizeOf = (file) => {
  const data = readFileSync(path.join(dist, file));
  return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
};

const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const initialSizes = initial.map(sizeOf);
const entryJs = initialSizes.filter((s) => s.file.endsWith('.js'));
const entryGzip = entryJs.reduce((sum, s) => sum + s.gzip, 0);

console.log('Loaded by index.html:');
for (const s of initialSizes) console.log(`  ${s.file.padEnd(48)} ${kb(s.raw).padStart(10)}  gzip ${kb(s.gzip).padStart(9)}`);
console.log(`Entry JavaScript gzip: ${kb(entryGzip)} (target ≤ ${TARGET_KB} KB) ${entryGzip <= TARGET_KB * 1024 ? 'OK' : 'OVER TARGET'}`);

const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => sizeOf(`assets/${f}`))
  .sort((a, b) => b.gzip - a.gzip);
const routes = lazy.filter((s) => /Screen-/.test(s.file));
if (routes[0]) console.log(`Largest route chunk: ${routes[0].file} gzip ${kb(routes[0].gzip)}`);
console.log('Largest lazy chunks:');
for (const s of lazy.slice(0, 6)) console.log(`  ${s.file.padEnd(48)} ${kb(s.raw).padStart(10)}  gzip ${kb(s.gzip).padStart(9)}`);
