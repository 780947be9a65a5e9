import type { Database } from '../../db';
import type { Language } from '@/shared/constants';
import type { Banner } from '@/shared/catalogue';
import type { Category } from '@/shared/types';
import { allLanguages, type LocalizedText } from '@/shared/content-language';

/**
 * Operator-made content (categories, banners) in the reader's language
 * (docs/api.md#content-languages): `name` / `title` keep the spec's field and answer in
 * `language`; the sync items add `names` / `titles`, every translation, for devices that
 * switch language offline. The REST answers keep the spec's exact shape.
 */

type Translations = Partial<LocalizedText> | null;

export function categoryItem(row: { id: number; name: string; names: Translations }, language: Language): Category {
  const names = allLanguages(row.name, row.names);
  return { id: row.id, name: names[language], names };
}

export function bannerItem(
  row: { id: number; image_url: string; title: string; titles: Translations; link: string | null },
  language: Language,
): Banner {
  const titles = allLanguages(row.title, row.titles);
  return { id: row.id, image_url: row.image_url, title: titles[language], titles, link: row.link };
}

/** GET /api/categories/: the spec's shape, `name` in `language` (the translations travel by sync only). */
export async function listCategories(db: Database, language: Language): Promise<Category[]> {
  const rows = await db.selectFrom('categories').select(['id', 'name', 'names']).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: categoryItem(r, language).name }));
}

/** GET /api/banners/: the spec's shape, `title` in `language`. */
export async function listBanners(db: Database, language: Language): Promise<Banner[]> {
  const rows = await db
    .selectFrom('banners')
    .select(['id', 'image_url', 'title', 'titles', 'link'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const { titles: _all, ...banner } = bannerItem(r, language);
    return banner;
  });
}
