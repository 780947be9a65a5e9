import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const routesDir = path.resolve(__dirname, '../../server/routes');
const routeFiles = readdirSync(routesDir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');

/** The layers of docs/architecture.md, beside the import rules of biome.json (tests/server/lint.test.ts). */
describe('server layers: routes parse, authorize and answer', () => {
  it.each(routeFiles)('routes/%s exports its plugin and nothing else (domain code lives in services/)', async (file) => {
    const module = await import(path.join(routesDir, file));
    expect(Object.keys(module)).toEqual(['default']);
  });

  it.each(routeFiles)('routes/%s writes nothing itself: every write goes through a service', (file) => {
    const source = readFileSync(path.join(routesDir, file), 'utf8');
    expect(source).not.toMatch(/\b(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/);
  });
});

const libDir = path.resolve(__dirname, '../../server/lib');
const libFiles = readdirSync(libDir).filter((f) => f.endsWith('.ts'));

describe('server layers: lib/ is the bottom', () => {
  it.each(libFiles)('lib/%s imports nothing of services, db, routes, sync or the web pages (what it needs is passed in)', (file) => {
    const source = readFileSync(path.join(libDir, file), 'utf8');
    const specifiers = [...source.matchAll(/\b(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
    expect(specifiers.filter((s) => s.startsWith('@server/') || /(^|\/)(services|db|routes|sync|web)(\/|$)/.test(s))).toEqual([]);
  });
});
