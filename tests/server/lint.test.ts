import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/**
 * The import and global rules Biome reports for `code` written at `file` (biome.json's
 * rules go by path). Biome reports nothing for code on stdin, so the file is written for a
 * moment under a name of its own.
 */
function violations(file: string, code: string): string[] {
  const at = path.join(root, file.replace(/(\.tsx?)$/, `-lint-${process.pid}$1`));
  writeFileSync(at, code);
  try {
    const run = spawnSync(biome, ['lint', '--colors=off', at], { cwd: root, encoding: 'utf8' });
    return [...`${run.stdout}${run.stderr}`.matchAll(/lint\/style\/(noRestricted\w+)/g)].map((m) => m[1]);
  } finally {
    rmSync(at, { force: true });
  }
}

describe('npm run lint keeps imports flowing one way (biome.json)', () => {
  it.each([
    ['server/services/example.ts', "import { x } from '../routes/products';"],
    ['server/sync/example.ts', "import { x } from '../routes/messages';"],
    ['server/routes/example.ts', "import { x } from './products';"],
    ['server/db/example.ts', "import { x } from '../services/products';"],
    ['src/sync/example.ts', "import { x } from '@server/db';"],
    ['src/shared/example.ts', "import { x } from '../sync/api';"],
    ['src/shared/example.ts', "import { x } from '../queries/products';"],
    ['src/db/example.ts', "import { x } from '../sync/api';"],
    ['src/db/example.ts', "import { x } from '../queries/products';"],
    ['src/db/example.ts', "import { x } from '../screens/home/HomeScreen';"],
    ['src/sync/example.ts', "import { x } from '../queries/products';"],
    ['src/sync/example.ts', "import { x } from '../screens/home/HomeScreen';"],
    ['src/queries/example.ts', "import { x } from '../components/ProductCard';"],
    ['src/queries/example.ts', "import { x } from '../sync/intents';"],
    ['src/queries/example.ts', "import { x } from 'dexie';"],
    ['src/queries/example.ts', "import { db as x } from '../db/db';"],
    ['src/screens/example.tsx', "import { x } from '../sync/intents';"],
    ['src/screens/example.tsx', "import { x } from '../db/db';"],
    ['src/screens/example.tsx', "import { x } from '../app/Layout';"],
    ['src/components/example.tsx', "import { x } from '../screens/home/HomeScreen';"],
    ['src/components/example.tsx', "import { x } from '../app/Layout';"],
    ['src/app/example.tsx', "import { x } from '../sync/api';"],
  ])('rejects %s importing against the flow', (file, line) => {
    expect(violations(file, `${line}\nexport const y = x;\n`)).toEqual(['noRestrictedImports']);
  });

  it('rejects fetch in a screen', () => {
    expect(violations('src/screens/example.tsx', "export const y = () => fetch('/api/health/');\n")).toEqual(['noRestrictedGlobals']);
  });

  it.each([
    ['server/routes/example.ts', "import { x } from '../services/products';"],
    ['server/sync/example.ts', "import { x } from '../services/messages';"],
    ['src/screens/example.tsx', "import { x } from '../queries/favorites';"],
    ['src/components/example.tsx', "import { x } from '../queries/rates';"],
    ['src/app/example.tsx', "import { x } from '../screens/home/HomeScreen';"],
    ['src/queries/example.ts', "import { x } from '../sync';"],
    ['src/queries/example.ts', "import type { ProductRow as x } from '../db/db';"],
    ['src/queries/example.ts', "import { listKey as x } from '../db/listQuery';"],
    ['src/sync/example.ts', "import { x } from '../db/db';"],
    ['src/db/example.ts', "import { x } from '../shared/catalogue';"],
  ])('accepts %s importing along the flow', (file, line) => {
    expect(violations(file, `${line}\nexport const y = x;\n`)).toEqual([]);
  });
});
