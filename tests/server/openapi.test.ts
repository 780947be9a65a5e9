import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type JsonSchema = { type?: string; properties?: Record<string, unknown>; anyOf?: JsonSchema[]; additionalProperties?: unknown };
type Answer = { description?: string; content?: Record<string, { schema: JsonSchema }> };

/** A DRF error body: {"detail": "..."}, or for a 400 also {"field": ["..."]}. */
function isDrfError(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.anyOf) return schema.anyOf.some((s) => s.properties?.detail) && schema.anyOf.every(isDrfErrorPart);
  return isDrfErrorPart(schema);
}
const isDrfErrorPart = (s: JsonSchema) =>
  Boolean(s.properties?.detail) || (s.type === 'object' && (s.additionalProperties as JsonSchema | undefined)?.type === 'array');

describe('the OpenAPI document (/api/docs/json)', () => {
  it('describes the success answer and the DRF error answers of every API route', async () => {
    const res = await t.api.get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { responses?: Record<string, Answer> }>>;
    const problems: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const answers = Object.entries(operation.responses ?? {});
        const successes = answers.filter(([status]) => /^[23]/.test(status));
        if (successes.length === 0) problems.push(`${method} ${path}: no success answer`);
        for (const [status, answer] of successes) {
          const bodiless = status === '204' || status === '304';
          if (bodiless !== !answer.content) problems.push(`${method} ${path} ${status}: ${bodiless ? 'a body' : 'no schema'}`);
        }
        for (const [status, answer] of answers.filter(([s]) => /^[45]/.test(s))) {
          if (!isDrfError(answer.content?.['application/json']?.schema)) problems.push(`${method} ${path} ${status}: not a DRF error`);
        }
        // Every API route reads the bearer token: a bad one is a 401 anywhere.
        if (!answers.some(([status]) => status === '401')) problems.push(`${method} ${path}: no 401`);
      }
    }
    expect(problems).toEqual([]);
    // Every resource of the API is there: 17 route files, 40 operations.
    expect(operations).toBeGreaterThanOrEqual(40);
  });

  it('keeps a server from starting with an API route that declares no answers', async () => {
    const app = await buildApp({ config: t.app.config, db: t.db, logger: false });
    try {
      expect(() => app.get('/api/undescribed/', async () => ({ ok: true }))).toThrow(/declares no response schema/);
      expect(() =>
        app.get('/api/described-errors-only/', { schema: { response: { 404: { type: 'object' } } } }, async () => ({ ok: true })),
      ).toThrow(/declares no response schema/);
    } finally {
      await app.close();
    }
  });
});
