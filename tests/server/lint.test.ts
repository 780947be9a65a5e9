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
    ['server/db/example.ts', "import { x } from '../services/catalogue/products';"],
    ['src/sync/example.ts', "import { x } from '@server/db';"],
    // Nested domain folders: the patterns match the specifier at any depth.
    ['server/services/catalogue/example.ts', "import { x } from '../../routes/products';"],
    ['server/services/media/example.ts', "import { x } from '../../routes';"],
    ['server/services/deals/example.ts', "import { x } from '../../sync/feed';"],
    ['server/services/example.ts', "import { x } from '../web/landing';"],
    ['server/services/accounts/example.ts', "import { x } from '@server/routes/auth';"],
    // lib/ is the bottom: no services, db, routes, sync or web pages.
    ['server/lib/example.ts', "import { x } from '../services/media/store';"],
    ['server/lib/example.ts', "import { x } from '../db';"],
    ['server/lib/example.ts', "import type { x } from '../db/schema';"],
    ['server/lib/example.ts', "import { x } from '../routes';"],
    ['server/lib/example.ts', "import { x } from '../sync/feed';"],
    ['server/db/example.ts', "import { x } from '../lib/errors';"],
    ['server/db/migrations/example.ts', "import { x } from '../../services/catalogue/products';"],
    ['server/sync/example.ts', "import { x } from '../web/landing';"],
    // The web pages: no routes, sync or db; of src/, only src/shared/ and the SSR entry.
    ['server/web/example.ts', "import { x } from '../routes';"],
    ['server/web/example.ts', "import { x } from '../db';"],
    ['server/web/example.ts', "import { x } from '@/queries/home';"],
    ['server/web/example.ts', "import { x } from '../../src/app/i18n';"],
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
    // The engine's folders: the rules hold from any depth.
    ['src/sync/outbox/example.ts', "import { x } from '../../queries/products';"],
    ['src/sync/pull/example.ts', "import { x } from '../../screens/home/HomeScreen';"],
    ['src/sync/session/example.ts', "import { x } from '@/components/ProductCard';"],
    ['src/sync/outbox/example.ts', "import { x } from '../../app/Layout';"],
    ['src/sync/example.ts', "import { x } from '../sw/sw';"],
    ['src/queries/example.ts', "import { x } from '../sync/outbox/intents';"],
    // Pictures: screens and the shell reach them through components and hooks.
    ['src/screens/example.tsx', "import { x } from '@/media/image';"],
    ['src/screens/products/form/example.tsx', "import { x } from '../../../media/compress';"],
    ['src/screens/products/form/example.tsx', "import { x } from '../../../app/Layout';"],
    ['src/app/example.tsx', "import { x } from '../media/image';"],
    // src/media/ sits under everything but src/shared/.
    ['src/media/example.ts', "import { x } from '../components/Picture';"],
    ['src/media/example.ts', "import { x } from '../queries/products';"],
    ['src/media/example.ts', "import { x } from '../sync';"],
    ['src/media/example.ts', "import { x } from '../screens/home/HomeScreen';"],
    ['src/db/example.ts', "import { x } from '../media/image';"],
    ['src/shared/example.ts', "import { x } from '../media/image';"],
    // The service worker takes the engine's worker side only; nothing imports it.
    ['src/sw/example.ts', "import { x } from '@/sync/outbox/intents';"],
    ['src/sw/example.ts', "import { x } from '@/queries/products';"],
    ['src/sw/example.ts', "import { x } from '../db/db';"],
    ['src/components/example.tsx', "import { x } from '../sw/sw';"],
    ['src/queries/example.ts', "import { x } from '../sw/mediaBudget';"],
  ])('rejects %s importing against the flow', (file, line) => {
    expect(violations(file, `${line}\nexport const y = x;\n`)).toEqual(['noRestrictedImports']);
  });

  it('rejects fetch in a screen', () => {
    expect(violations('src/screens/example.tsx', "export const y = () => fetch('/api/health/');\n")).toEqual(['noRestrictedGlobals']);
  });

  it.each([
    ['server/routes/example.ts', "import { x } from '../services/catalogue/products';"],
    ['server/sync/example.ts', "import { x } from '../services/messaging/messages';"],
    ['server/services/catalogue/example.ts', "import { x } from '../../db';"],
    ['server/services/catalogue/example.ts', "import { x } from '../../lib/errors';"],
    ['server/lib/example.ts', "import { x } from './errors';"],
    ['server/lib/example.ts', "import { x } from '@/shared/messages';"],
    ['server/web/example.ts', "import { x } from '../services/catalogue/landing-pages';"],
    ['server/web/example.ts', "import { x } from '@/shared/constants';"],
    ['server/web/example.ts', "import type { RenderInput as x } from '@/entry-server';"],
    ['src/screens/example.tsx', "import { x } from '../queries/favorites';"],
    ['src/components/example.tsx', "import { x } from '../queries/rates';"],
    ['src/app/example.tsx', "import { x } from '../screens/home/HomeScreen';"],
    ['src/queries/example.ts', "import { x } from '../sync';"],
    ['src/queries/example.ts', "import type { ProductRow as x } from '../db/db';"],
    ['src/queries/example.ts', "import { listKey as x } from '../db/listQuery';"],
    ['src/sync/example.ts', "import { x } from '../db/db';"],
    ['src/db/example.ts', "import { x } from '../shared/catalogue';"],
    ['src/components/example.tsx', "import { x } from '../media/image';"],
    ['src/queries/example.ts', "import { x } from '../media/saved';"],
    ['src/queries/example.ts', "import { x } from '../sync/api/errors';"],
    ['src/sync/pull/example.ts', "import { x } from '../../media/saved';"],
    ['src/sync/outbox/example.ts', "import { x } from '../../db/db';"],
    ['src/sync/example.ts', "import { x } from '../db/queries';"],
    ['src/sw/example.ts', "import { x } from '@/sync/worker/handlers';"],
    ['src/sw/example.ts', "import { x } from '@/sync/leader';"],
    ['src/sw/example.ts', "import { x } from '@/media/cache';"],
    ['src/screens/example.tsx', "import { x } from '@/components/Picture';"],
    ['src/screens/example.tsx', "import { x } from '@/queries/pictures';"],
  ])('accepts %s importing along the flow', (file, line) => {
    expect(violations(file, `${line}\nexport const y = x;\n`)).toEqual([]);
  });
});
