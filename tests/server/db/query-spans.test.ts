import { describe, expect, it } from 'vitest';
import { statementOf } from '@server/db/query-spans';

/**
 * A query's span says its kind and its table, read from the statement's text
 * (docs/operations.md#traces); never a value.
 */
describe('statementOf', () => {
  it.each([
    ['select "id" from "products" where "id" = $1', { operation: 'SELECT', table: 'products' }],
    [
      'select "p"."id", (select count(*) from "media_colors" where "m" = "p"."id") as "n" from "products" as "p"',
      { operation: 'SELECT', table: 'products' },
    ],
    [
      'select p.id, (select 1 from media_colors mc) as c from unnest($1::int[]) with ordinality as o(id, n) join products p on p.id = o.id',
      { operation: 'SELECT', table: 'products' },
    ],
    ['select \'a from b\' as x from "orders"', { operation: 'SELECT', table: 'orders' }],
    ['with "recent" as (select * from "messages") select * from "recent"', { operation: 'WITH', table: 'recent' }],
    ['insert into "orders" ("buyer_id") values ($1) returning "id"', { operation: 'INSERT', table: 'orders' }],
    ['update "public"."products" set "price" = $1', { operation: 'UPDATE', table: 'products' }],
    ['delete from "sessions" where "id" = $1', { operation: 'DELETE', table: 'sessions' }],
    ['select pg_current_snapshot()::text as v', { operation: 'SELECT' }],
    ['begin isolation level serializable', { operation: 'BEGIN' }],
    ['commit', { operation: 'COMMIT' }],
  ])('%s', (sqlText, expected) => {
    expect(statementOf(sqlText)).toEqual(expected);
  });

  it('keeps no value of the statement', () => {
    const statement = statementOf('select * from "users" where "email" = \'someone@example.com\'');
    expect(JSON.stringify(statement)).not.toContain('someone');
  });
});
