import { sql, type Kysely } from 'kysely';

/**
 * Category names and banner titles in every language of the app (docs/api.md#content-languages).
 * `name` / `title` stay the English text; `names` / `titles` hold {en, fr, tr}. Updating the rows
 * moves their change sequence, so devices pull the translations on their next sync.
 */
export const CATEGORY_NAMES: Record<string, { fr: string; tr: string }> = {
  'Agriculture & Food': { fr: 'Agriculture et alimentation', tr: 'Tarım ve Gıda' },
  'Textiles & Apparel': { fr: 'Textile et habillement', tr: 'Tekstil ve Giyim' },
  Electronics: { fr: 'Électronique', tr: 'Elektronik' },
  'Home & Garden': { fr: 'Maison et jardin', tr: 'Ev ve Bahçe' },
  'Beauty & Personal Care': { fr: 'Beauté et soins personnels', tr: 'Güzellik ve Kişisel Bakım' },
  'Construction & Building Materials': { fr: 'Construction et matériaux', tr: 'İnşaat ve Yapı Malzemeleri' },
  'Machinery & Industrial Equipment': { fr: 'Machines et équipements industriels', tr: 'Makine ve Endüstriyel Ekipman' },
  'Packaging & Printing': { fr: 'Emballage et impression', tr: 'Ambalaj ve Baskı' },
  'Automotive & Transport': { fr: 'Automobile et transport', tr: 'Otomotiv ve Taşımacılık' },
  'Health & Medical': { fr: 'Santé et médical', tr: 'Sağlık ve Tıp' },
  Furniture: { fr: 'Mobilier', tr: 'Mobilya' },
  'Handicrafts & Art': { fr: 'Artisanat et art', tr: 'El Sanatları ve Sanat' },
};

/** The demo banners' titles, for databases seeded before this migration. */
export const BANNER_TITLES: Record<string, { fr: string; tr: string }> = {
  'Flash deals: up to 15% off this week': {
    fr: 'Ventes flash : jusqu’à 15 % de remise cette semaine',
    tr: 'Flaş fırsatlar: bu hafta %15’e varan indirim',
  },
  'New arrivals from Türkiye, Nigeria, Senegal and Côte d’Ivoire': {
    fr: 'Nouveautés de Turquie, du Nigeria, du Sénégal et de Côte d’Ivoire',
    tr: 'Türkiye, Nijerya, Senegal ve Fildişi Sahili’nden yeni ürünler',
  },
  'Verified suppliers of cocoa, coffee and shea': {
    fr: 'Fournisseurs vérifiés de cacao, de café et de karité',
    tr: 'Kakao, kahve ve shea yağında onaylı tedarikçiler',
  },
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table categories add column names jsonb`.execute(db);
  await sql`alter table banners add column titles jsonb`.execute(db);
  for (const [en, t] of Object.entries(CATEGORY_NAMES)) {
    await sql`update categories set names = ${JSON.stringify({ en, ...t })}::jsonb where name = ${en}`.execute(db);
  }
  for (const [en, t] of Object.entries(BANNER_TITLES)) {
    await sql`update banners set titles = ${JSON.stringify({ en, ...t })}::jsonb where title = ${en}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table categories drop column names`.execute(db);
  await sql`alter table banners drop column titles`.execute(db);
}
