#!/usr/bin/env node
/**
 * Writes src/shared/unaccent-rules.ts from the unaccent dictionary PGlite ships
 * (node_modules/@electric-sql/pglite/dist/unaccent.tar.gz, tsearch_data/unaccent.rules), so the
 * device folds search text with the very table the server's search_normalize uses
 * (server/db/migrations/0003_catalogue.ts). Run it after upgrading PGlite:
 * `node scripts/unaccent-rules.mjs`; tests/server/db/search-folding.test.ts checks they agree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const archive = gunzipSync(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/dist/unaccent.tar.gz')));

/** The text of one file of a tar archive. */
function fileOf(tar, wanted) {
  for (let offset = 0; offset < tar.length; ) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    if (!name) break;
    const size = Number.parseInt(
      tar
        .toString('utf8', offset + 124, offset + 136)
        .replace(/\0.*$/s, '')
        .trim(),
      8,
    );
    if (name.endsWith(wanted)) return tar.toString('utf8', offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${wanted} is not in PGlite's unaccent archive`);
}

/** A rule's target: a double-quoted one may hold spaces, with "" for a quote (PostgreSQL's unaccent.c). */
const target = (text = '') =>
  text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replaceAll('""', '"') : text;

const pairs = [];
for (const line of fileOf(archive, 'tsearch_data/unaccent.rules').split('\n')) {
  if (!line.trim()) continue;
  const [source, replacement] = line.split('\t');
  if ([...source].length !== 1) throw new Error(`A rule of more than one character: ${JSON.stringify(line)}`);
  pairs.push([source, target(replacement)]);
}

/** One line a rule, the character then what it becomes; every non-ASCII character escaped, so none hides. */
const escaped = (text) => [...text].map((c) => (c.charCodeAt(0) < 0x7f && c >= ' ' ? c : `\\u{${c.codePointAt(0).toString(16)}}`)).join('');
const table = pairs.map(([source, replacement]) => escaped(source + replacement).replaceAll("'", "\\'")).join('\\n');
const body = `/**
 * PostgreSQL's unaccent dictionary as PGlite ships it, one rule a line: a character, then what it
 * folds to (nothing: it is dropped, as combining marks are). Written by scripts/unaccent-rules.mjs;
 * do not edit.
 */
export const UNACCENT_RULES = '${table}';
`;
writeFileSync(path.join(root, 'src/shared/unaccent-rules.ts'), body);
console.log(`src/shared/unaccent-rules.ts: ${pairs.length} rules`);
