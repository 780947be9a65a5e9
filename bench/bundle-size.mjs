// Bundle sizes after `npx vite build` (run by hand: node bench/bundle-size.mjs [--deps]).
// Prints what index.html loads (the entry script and stylesheet) with its brotli size, as the
// server sends it (the build's .br files), against the 100 KB target, and the largest lazily
// loaded chunks. With --deps, builds once more with source maps into a temp folder and prints
// what each dependency costs in the entry script: its minified bytes, their share, and their
// brotli size compressed alone (shared context makes the entry's total smaller than the sum).
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve('dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `npx vite build` first.');
  process.exit(1);
}
const TARGET_KB = 100;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const brotli = (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function sizeOf(dir, file) {
  const data = readFileSync(path.join(dir, file));
  const br = existsSync(path.join(dir, `${file}.br`)) ? readFileSync(path.join(dir, `${file}.br`)).length : brotli(data);
  return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length, br };
}

const initialFiles = (dir) =>
  [...readFileSync(path.join(dir, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const initial = initialFiles(dist).map((file) => sizeOf(dist, file));
const entryBr = initial.filter((s) => s.file.endsWith('.js')).reduce((sum, s) => sum + s.br, 0);

console.log('Loaded by index.html:');
for (const s of initial)
  console.log(`  ${s.file.padEnd(44)} ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}  brotli ${kb(s.br).padStart(8)}`);
console.log(`Entry JavaScript brotli: ${kb(entryBr)} (target ≤ ${TARGET_KB} KB) ${entryBr <= TARGET_KB * 1024 ? 'OK' : 'OVER TARGET'}`);
// The same line as bench/record.ts writes, for the report of `npm run bench`.
if (process.env.BENCH_RESULTS) {
  const figure = {
    bench: 'Web app bundle',
    figure: 'entry JavaScript loaded by index.html, brotli',
    value: Number((entryBr / 1024).toFixed(1)),
    unit: 'KB',
    target: `≤ ${TARGET_KB} KB`,
    met: entryBr <= TARGET_KB * 1024,
  };
  appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(figure)}\n`);
}

const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initialFiles(dist).includes(`assets/${f}`))
  .map((f) => sizeOf(dist, `assets/${f}`))
  .sort((a, b) => b.br - a.br);
console.log('Largest lazy chunks:');
for (const s of lazy.slice(0, 8))
  console.log(`  ${s.file.padEnd(44)} ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}  brotli ${kb(s.br).padStart(8)}`);

if (process.argv.includes('--deps')) {
  const out = mkdtempSync(path.join(tmpdir(), 'bundle-deps-'));
  try {
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--sourcemap', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    // The entry and the chunks index.html preloads with it: all of it runs before the first screen.
    const costs = new Map();
    for (const file of initialFiles(out).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(out, file), 'utf8');
      // The bundler's own runtime chunk comes without a source map.
      const mapFile = path.join(out, `${file}.map`);
      const attributed = existsSync(mapFile)
        ? costByDependency(code, JSON.parse(readFileSync(mapFile, 'utf8')))
        : new Map([['(bundler glue)', code]]);
      for (const [name, text] of attributed) costs.set(name, (costs.get(name) ?? '') + text);
    }
    const total = [...costs.values()].reduce((sum, text) => sum + text.length, 0);
    console.log(`\nWhat each dependency costs in the entry JavaScript (${kb(total)} minified):`);
    for (const [name, text] of [...costs].sort((a, b) => b[1].length - a[1].length)) {
      console.log(
        `  ${name.padEnd(30)} ${kb(text.length).padStart(9)}  ${((100 * text.length) / total).toFixed(1).padStart(5)}%  brotli alone ${kb(brotli(text)).padStart(8)}`,
      );
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The generated code of each npm package (or src/ folder), attributed through the source map. */
function costByDependency(code, map) {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const owner = (source) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (pkg) return pkg[1];
    const own = /\/?src\/([^/]+)/.exec(source);
    return own ? `src/${own[1]}` : '(bundler glue)';
  };
  const costs = new Map();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      segments.push({ column, source: values.length > 1 ? source : -1 });
    }
    const text = lines[index] ?? '';
    segments.forEach((s, i) => {
      const name = s.source < 0 ? '(bundler glue)' : owner(map.sources[s.source]);
      const end = i + 1 < segments.length ? segments[i + 1].column : text.length;
      costs.set(name, (costs.get(name) ?? '') + text.slice(s.column, end));
    });
  });
  return costs;
}
