#!/usr/bin/env node
/**
 * Fails when a comment in the code, a page of docs/, the README or a message of biome.json names
 * a file or folder of this repository that does not exist (a path under src/, server/, tests/, bench/, scripts/ or
 * docs/). Files move; the comments that cite them must move with them (docs/architecture.md).
 * Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CODE = /\.(ts|tsx|mjs|js|css)$/;
/** A repository path: a known top folder, then path characters, not inside a longer path or URL. */
const PATH = /(?<![\w@./-])((?:src|server|tests|bench|scripts|docs)\/[\w./-]*)/g;
/** Followed by these, the path is a pattern or a placeholder (src/screens/<family>/, server/sync/*.ts). */
const PATTERN_NEXT = /^[*{<…[$]/;

/** The comments of a code file, with their line numbers: `//` to the end of the line, and block comments. */
function comments(source) {
  const found = [];
  const lineOf = (index) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g)) {
    found.push({ text: match[0], line: lineOf(match.index) });
  }
  return found;
}

function exists(named) {
  const clean = named.replace(/[.,:;)]+$/, '').replace(/#.*$/, '');
  if (existsSync(path.join(root, clean))) return true;
  return ['.ts', '.tsx', '.mjs', '.js', '.md'].some((ext) => existsSync(path.join(root, clean + ext)));
}

function ignored(named) {
  try {
    execFileSync('git', ['check-ignore', '-q', named.replace(/[.,:;)]+$/, '')], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .filter((file) => existsSync(path.join(root, file)))
  .filter(
    (file) =>
      (CODE.test(file) && (/^(src|server|tests|bench|scripts)\//.test(file) || !file.includes('/'))) ||
      /^docs\/.*\.md$/.test(file) ||
      ['README.md', 'biome.json'].includes(file),
  );

const missing = [];
for (const file of files) {
  const source = readFileSync(path.join(root, file), 'utf8');
  const texts = CODE.test(file) ? comments(source) : source.split('\n').map((text, i) => ({ text, line: i + 1 }));
  for (const { text, line } of texts) {
    for (const match of text.matchAll(PATH)) {
      const named = match[1];
      const next = text.slice(match.index + named.length);
      if (PATTERN_NEXT.test(next) || named.includes('...')) continue;
      if (exists(named) || ignored(named)) continue;
      missing.push(
        `${file}:${line + (text.slice(0, match.index).split('\n').length - 1)}: names ${named.replace(/[.,:;)]+$/, '')}, which does not exist`,
      );
    }
  }
}

if (missing.length > 0) {
  console.error(missing.join('\n'));
  console.error(`\n${missing.length} reference(s) to files that do not exist: fix the path, or the comment.`);
  process.exit(1);
}
console.log(`check-paths: every path named in ${files.length} files' comments and docs exists`);
