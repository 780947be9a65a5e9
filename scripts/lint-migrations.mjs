#!/usr/bin/env node
/**
 * Refuses the migration forms that lock a busy table or break the release still running
 * (docs/operations.md#migrations), in every migration numbered above GRANDFATHERED:
 *  - CREATE INDEX on a table the migration did not create, unless CONCURRENTLY with IF NOT
 *    EXISTS in the migration's `concurrently` list (the migrator runs it outside the transaction);
 *  - ADD CONSTRAINT ... FOREIGN KEY / CHECK without NOT VALID (VALIDATE CONSTRAINT later);
 *  - DROP COLUMN, RENAME COLUMN, RENAME TO: a contract step, only with an allow comment naming
 *    the release that stopped using it (`// migration-lint allow drop-column: <why>`);
 *  - a change to an existing table without `set local lock_timeout` (a migration waiting behind
 *    a long query holds every request queued behind its lock).
 * Run by `npm run lint`; tests/server/migration-lint.test.ts holds its cases.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The highest migration written before this lint: older ones ran long ago and are left as they are. */
export const GRANDFATHERED = 29;

const RULES = {
  'index-concurrently': 'CREATE INDEX on an existing table must be CONCURRENTLY (IF NOT EXISTS), listed in `export const concurrently`',
  'constraint-not-valid': 'ADD CONSTRAINT with a FOREIGN KEY or CHECK must be NOT VALID, validated by a later migration',
  'drop-column': 'DROP COLUMN is a contract step: only once no running release reads the column',
  'rename-column': 'RENAME COLUMN breaks the release still running: add the new column, copy, drop the old one later',
  'rename-table': 'RENAME TO breaks the release still running: expand and contract instead',
  'lock-timeout': 'a change to an existing table needs `set local lock_timeout` first',
};

/** Code without its comments, so that prose about a form is not taken for the form. */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/[^\n]*/g, '$1');

/** The problems of one migration's source: `{ rule, message }` each. */
export function lintMigration(source) {
  const allowed = new Set([...source.matchAll(/migration-lint allow ([\w-]+)/g)].map((m) => m[1]));
  const code = withoutComments(source);
  const created = new Set([...code.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi)].map((m) => m[1].toLowerCase()));
  const concurrentlyList = /export\s+const\s+concurrently\b[\s\S]*?\];/i.exec(code)?.[0] ?? '';
  const body = code.replace(concurrentlyList, '');
  const found = [];
  const add = (rule) => {
    if (!allowed.has(rule) && !found.some((f) => f.rule === rule)) found.push({ rule, message: RULES[rule] });
  };
  let touchesExisting = false;

  for (const m of body.matchAll(
    /create\s+(?:unique\s+)?index\s+(concurrently\s+)?(?:if\s+not\s+exists\s+)?(?:"?\w+"?\s+)?on\s+(?:only\s+)?"?(\w+)"?/gi,
  )) {
    if (created.has(m[2].toLowerCase())) continue;
    touchesExisting = true;
    add('index-concurrently');
  }
  for (const m of concurrentlyList.matchAll(/create\s+(?:unique\s+)?index\s+([\s\S]*?)\bon\b/gi)) {
    if (!/^concurrently\s+if\s+not\s+exists\b/i.test(m[1].trim())) add('index-concurrently');
  }
  for (const m of body.matchAll(/alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?(\w+)"?([\s\S]*?)(?:;|`)/gi)) {
    if (created.has(m[1].toLowerCase())) continue;
    touchesExisting = true;
    const change = m[2];
    for (const c of change.matchAll(/add\s+constraint\s+\w+\s+(foreign\s+key|check)\b([\s\S]*)/gi)) {
      if (!/\bnot\s+valid\b/i.test(c[2])) add('constraint-not-valid');
    }
    if (/\bdrop\s+(?:column\s+)?(?!constraint\b|default\b|not\b|identity\b|expression\b)(?:if\s+exists\s+)?\w+/i.test(change))
      add('drop-column');
    if (/\brename\s+column\b/i.test(change) || /\brename\s+(?!to\b|constraint\b)"?\w+"?\s+to\b/i.test(change)) add('rename-column');
    else if (/\brename\s+to\b/i.test(change)) add('rename-table');
  }
  if (/\bdrop\s+table\b/i.test(body)) touchesExisting = true;
  if (touchesExisting && !/lock_timeout/i.test(body)) add('lock-timeout');
  return found;
}

/** Every migration numbered above GRANDFATHERED in `folder`, with its problems. */
export function lintFolder(folder) {
  const problems = [];
  for (const file of readdirSync(folder).sort()) {
    const number = /^(\d{4})_.*\.ts$/.exec(file)?.[1];
    if (!number || Number(number) <= GRANDFATHERED) continue;
    for (const problem of lintMigration(readFileSync(path.join(folder, file), 'utf8'))) problems.push({ file, ...problem });
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = lintFolder(path.join(root, 'server/db/migrations'));
  for (const p of problems) console.error(`server/db/migrations/${p.file}: ${p.message} (${p.rule}; docs/operations.md#migrations)`);
  if (problems.length > 0) process.exit(1);
}
