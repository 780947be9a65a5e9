import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDING_TABLES, SYNCED_TABLES } from '@server/db/synced-tables';
import { syncCollections } from '@server/sync';
import { startTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Table → column → nullable, as server/db/schema.ts declares them for Kysely. */
function declaredSchema(): Map<string, Map<string, boolean>> {
  const text = readFileSync(path.resolve(__dirname, '../../../server/db/schema.ts'), 'utf8');
  const interfaces = new Map<string, string>();
  for (const m of text.matchAll(/export interface (\w+) \{([^}]*)\}/g)) interfaces.set(m[1], m[2]);
  const tables = new Map<string, Map<string, boolean>>();
  for (const [, table, type] of interfaces.get('DB')!.matchAll(/(\w+): (\w+);/g)) {
    const body = interfaces.get(type);
    if (!body) throw new Error(`schema.ts: no interface ${type} for table ${table}`);
    const columns = new Map<string, boolean>();
    for (const [, column, columnType] of body.matchAll(/(\w+): ([^;\n]+?)\s*(?:;|$)/gm)) {
      columns.set(column, /\bnull\b|Nullable/.test(columnType));
    }
    tables.set(table, columns);
  }
  return tables;
}

async function migratedSchema(): Promise<Map<string, Map<string, boolean>>> {
  const { rows } = await sql<{ table_name: string; column_name: string; nullable: boolean }>`
    -- A generated column is never null when what it is made of is not (products.search_*).
    select table_name, column_name, is_nullable = 'YES' and is_generated = 'NEVER' as nullable from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'`.execute(t.db);
  const tables = new Map<string, Map<string, boolean>>();
  for (const r of rows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Map());
    tables.get(r.table_name)!.set(r.column_name, r.nullable);
  }
  return tables;
}

describe('server/db/schema.ts', () => {
  it('declares exactly the tables and columns of the migrated database, with their nullability', async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema();
    expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
    for (const [table, columns] of migrated) {
      expect({ table, columns: Object.fromEntries([...declared.get(table)!].sort()) }).toEqual({
        table,
        columns: Object.fromEntries([...columns].sort()),
      });
    }
  });
});

describe('the registry of synced tables (server/db/synced-tables.ts)', () => {
  it('names every table that carries a change position, and only those', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns where table_schema = 'public' and column_name = 'txid' and table_name <> 'tombstones'`.execute(
      t.db,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(SYNCED_TABLES.map((s) => s.table).sort());
  });

  it('has the change-feed triggers of migration 0009 on each synced table, and notifications on the tables feeding them', async () => {
    const { rows } = await sql<{ trigger_name: string }>`
      select distinct trigger_name from information_schema.triggers where trigger_schema = 'public'`.execute(t.db);
    const triggers = new Set(rows.map((r) => r.trigger_name));
    for (const { table } of SYNCED_TABLES) {
      expect([`${table}_bump_seq`, `${table}_tombstone`, `${table}_notify_changes`].filter((name) => !triggers.has(name))).toEqual([]);
    }
    for (const table of FEEDING_TABLES) expect(triggers.has(`${table}_notify_changes`)).toBe(true);
    expect([...triggers].filter((name) => name.endsWith('_sync_lock'))).toEqual([]);
  });

  it('is what GET /api/sync/ serves: one collection per synced table', () => {
    expect(syncCollections.map((c) => c.name).sort()).toEqual(SYNCED_TABLES.map((s) => s.table).sort());
  });
});
