import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without types
import { GRANDFATHERED, lintFolder, lintMigration } from '../../scripts/lint-migrations.mjs';

/**
 * The migration lint of `npm run lint` (docs/operations.md#migrations): the unsafe forms in a
 * new migration are refused, the safe ones pass, and the migrations written before it are left alone.
 */
const rules = (source: string): string[] => lintMigration(source).map((p: { rule: string }) => p.rule);

const migration = (up: string, extra = '') => `import { sql, type Kysely } from 'kysely';
${extra}
export async function up(db: Kysely<any>): Promise<void> {
${up}
}
`;

describe('scripts/lint-migrations.mjs', () => {
  it.each([
    [
      'an index on an existing table, taken in the transaction',
      'await sql`create index products_colour on products (colour)`.execute(db);',
      'index-concurrently',
    ],
    [
      'a unique index on an existing table',
      'await sql`create unique index if not exists users_phone on users (phone_number)`.execute(db);',
      'index-concurrently',
    ],
    [
      'a foreign key checked against every row under the lock',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table orders add constraint orders_rfq foreign key (rfq_id) references rfqs (id)`.execute(db);",
      'constraint-not-valid',
    ],
    [
      'a check constraint checked under the lock',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table products add constraint price_positive check (min_price > 0)`.execute(db);",
      'constraint-not-valid',
    ],
    [
      'a column dropped',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table products drop column colour`.execute(db);",
      'drop-column',
    ],
    [
      'a column renamed',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table products rename column colour to color`.execute(db);",
      'rename-column',
    ],
    [
      'a table renamed',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table products rename to items`.execute(db);",
      'rename-table',
    ],
    ['a column added with no lock timeout', 'await sql`alter table products add column colour text`.execute(db);', 'lock-timeout'],
  ])('refuses %s', (_name, up, rule) => {
    expect(rules(migration(up))).toContain(rule);
  });

  it('refuses a concurrent index that could not be run again after a failed attempt', () => {
    const source = migration('', 'export const concurrently = [`create index concurrently products_colour on products (colour)`];');
    expect(rules(source)).toEqual(['index-concurrently']);
  });

  it.each([
    [
      'a new table with its indexes and constraints',
      'await sql`create table labels (id serial primary key, product_id int not null references products (id))`.execute(db);\nawait sql`create index labels_product on labels (product_id)`.execute(db);\nawait sql`alter table labels add constraint labels_id check (id > 0)`.execute(db);',
    ],
    [
      'a nullable column with a lock timeout',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table products add column colour text`.execute(db);",
    ],
    [
      'a foreign key NOT VALID, then validated',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table orders add constraint orders_rfq foreign key (rfq_id) references rfqs (id) not valid`.execute(db);\nawait sql`alter table orders validate constraint orders_rfq`.execute(db);",
    ],
    [
      'a column dropped in the contract step, said so',
      "// migration-lint allow drop-column: no release since 0031 reads products.colour\nawait sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table products drop column colour`.execute(db);",
    ],
    [
      'a default or not-null dropped',
      "await sql`set local lock_timeout = '2s'`.execute(db);\nawait sql`alter table products alter column colour drop default, alter column colour drop not null`.execute(db);",
    ],
    [
      'prose in a comment',
      '// A create index on products would lock it; alter table products drop column colour later.\nawait sql`select 1`.execute(db);',
    ],
  ])('lets %s pass', (_name, up) => {
    expect(rules(migration(up))).toEqual([]);
  });

  it('lets a concurrent index pass in the list the migrator runs outside the transaction', () => {
    const source = migration(
      '',
      'export const concurrently = [`create index concurrently if not exists products_colour on products (colour)`];',
    );
    expect(rules(source)).toEqual([]);
  });

  it(`leaves the migrations up to ${String(GRANDFATHERED).padStart(4, '0')} alone and finds nothing in the later ones`, () => {
    expect(lintFolder(path.resolve(__dirname, '../../server/db/migrations'))).toEqual([]);
    // 0029 itself indexes a table it creates, but 0024 indexes existing tables in the transaction.
    expect(rules(migration('await sql`create index products_x on products (x)`.execute(db);'))).toContain('index-concurrently');
  });
});
