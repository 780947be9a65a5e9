import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers';
import { languageFromHeader } from '@/shared/content-language';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.db
    .insertInto('banners')
    .values({
      image_url: '/media/banner.png',
      title: 'Flash deals this week',
      titles: JSON.stringify({ en: 'Flash deals this week', fr: 'Ventes flash de la semaine', tr: 'Bu haftanın flaş fırsatları' }),
      link: '/flash-deals',
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

const lang = (value: string) => ({ headers: { 'accept-language': value } });

describe('content in the reader language', () => {
  it('names categories in the Accept-Language language, in the spec shape', async () => {
    const en = await t.api.get('/api/categories/');
    expect(en.status).toBe(200);
    const food = en.body.find((c: { name: string }) => c.name === 'Agriculture & Food');
    expect(food).toEqual({ id: expect.any(Number), name: 'Agriculture & Food' });

    const tr = await t.api.get('/api/categories/', lang('tr-TR,tr;q=0.9,en;q=0.8'));
    expect(tr.body.find((c: { id: number }) => c.id === food.id)).toEqual({ id: food.id, name: 'Tarım ve Gıda' });
    expect(tr.headers.get('vary')).toMatch(/accept-language/i);
    const fr = await t.api.get('/api/categories/', lang('de;q=1, fr;q=0.5'));
    expect(fr.body.find((c: { id: number }) => c.id === food.id).name).toBe('Agriculture et alimentation');
    // Every base category is translated: no English name is left in French or Turkish.
    const english = new Set(en.body.map((c: { name: string }) => c.name));
    expect(tr.body.filter((c: { name: string }) => english.has(c.name))).toEqual([]);
    expect(fr.body.filter((c: { name: string }) => english.has(c.name))).toEqual([]);
  });

  it('titles banners in the Accept-Language language', async () => {
    const tr = await t.api.get('/api/banners/', lang('tr'));
    expect(tr.body[0]).toEqual({
      id: expect.any(Number),
      image_url: '/media/banner.png',
      title: 'Bu haftanın flaş fırsatları',
      link: '/flash-deals',
    });
    expect((await t.api.get('/api/banners/', lang('fr'))).body[0].title).toBe('Ventes flash de la semaine');
    expect((await t.api.get('/api/banners/', lang('xx, *'))).body[0].title).toBe('Flash deals this week');
  });

  it('syncs the translations so a device can switch language offline', async () => {
    const res = await t.api.get('/api/sync/?collections=categories,banners', lang('tr'));
    expect(res.status).toBe(200);
    const category = res.body.changes.categories.upserted.find((c: { name: string }) => c.name === 'Furniture');
    expect(category).toMatchObject({ names: { en: 'Furniture', fr: 'Mobilier', tr: 'Mobilya' } });
    expect(typeof category.position).toBe('number');
    expect(res.body.changes.banners.upserted[0].titles.tr).toBe('Bu haftanın flaş fırsatları');
  });

  it('keeps a renamed category English name, the translations untouched', async () => {
    const row = await t.db.selectFrom('categories').select('id').where('name', '=', 'Furniture').executeTakeFirstOrThrow();
    await t.db.updateTable('categories').set({ name: 'Furniture & Fittings' }).where('id', '=', row.id).execute();
    const en = (await t.api.get('/api/categories/')).body.find((c: { id: number }) => c.id === row.id);
    expect(en.name).toBe('Furniture & Fittings');
    const synced = (await t.api.get('/api/sync/?collections=categories')).body.changes.categories.upserted;
    expect(synced.find((c: { id: number }) => c.id === row.id).names).toEqual({
      en: 'Furniture & Fittings',
      fr: 'Mobilier',
      tr: 'Mobilya',
    });
    const tr = (await t.api.get('/api/categories/', lang('tr'))).body.find((c: { id: number }) => c.id === row.id);
    expect(tr.name).toBe('Mobilya');
  });

  it('reads Accept-Language weights, regions and junk', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('fr-CI')).toBe('fr');
    expect(languageFromHeader('en;q=0.2, tr;q=0.8')).toBe('tr');
    expect(languageFromHeader('tr;q=0, fr;q=abc, en;q=0.1')).toBe('en');
    expect(languageFromHeader(';;,,q=')).toBe('en');
  });
});
