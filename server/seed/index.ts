import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../db';
import type { MediaStore } from '../services/media/store';
import { hashPassword } from '../services/accounts/passwords';
import { notifyNewReview } from '../services/catalogue/reviews';
import { notifyNewFavorite } from '../services/catalogue/favorites';
import {
  BANNERS,
  BUYERS,
  CATEGORY_HUES,
  COMMENTS,
  DEMO_BUYER_EMAIL,
  DEMO_MODERATOR_EMAIL,
  DEMO_PASSWORD,
  DEMO_SUPPLIER_EMAIL,
  REGISTRATIONS,
  SUPPLIERS,
} from './data';
import { bannerPicture, logoPicture, productPicture } from './pictures';

/**
 * The demo catalogue (docs/operations.md#run-and-deploy: `npm start` loads it into an empty database unless
 * SEED_DEMO=0): 8 suppliers, about 150 products with generated pictures, 3 banners,
 * buyers' reviews and favourites, flash deals running for the next days. It never touches
 * a catalogue that already has products, and it is written in one transaction: a start
 * interrupted midway leaves nothing behind and simply seeds again next time.
 */

export interface DemoSignIn {
  role: 'SUPPLIER' | 'BUYER';
  email: string;
  password: string;
}
export interface SeedResult {
  seeded: boolean;
  products: number;
  signIns: DemoSignIn[];
}

const DAY = 86_400_000;
const SIGN_INS: DemoSignIn[] = [
  { role: 'SUPPLIER', email: DEMO_SUPPLIER_EMAIL, password: DEMO_PASSWORD },
  { role: 'BUYER', email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD },
  { role: 'BUYER', email: DEMO_MODERATOR_EMAIL, password: DEMO_PASSWORD },
];

/** A small seeded random generator: the same demo data on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: T[]) => list[Math.floor(next() * list.length)],
  };
}

const money = (n: number) => n.toFixed(2);

async function isEmpty(db: Database): Promise<boolean> {
  const [products, demo] = await Promise.all([
    db.selectFrom('products').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').where(sql`lower(email)`, '=', DEMO_SUPPLIER_EMAIL).executeTakeFirst(),
  ]);
  return !products && !demo;
}

async function demoAccountsExist(db: Database): Promise<boolean> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(
      sql`lower(email)`,
      'in',
      SIGN_INS.map((s) => s.email),
    )
    .execute();
  return rows.length === SIGN_INS.length;
}

export async function seedDemo(db: Database, media: MediaStore, now = new Date()): Promise<SeedResult> {
  if (!(await isEmpty(db))) {
    return { seeded: false, products: 0, signIns: (await demoAccountsExist(db)) ? SIGN_INS : [] };
  }
  const rand = random(2025);
  const categories = new Map((await db.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Pictures first, outside the transaction: files are content-addressed, a leftover is harmless.
  const save = (picture: Buffer) => media.save(Readable.from([picture]), { kinds: ['image'] }).then((m) => m.path);
  const plan = SUPPLIERS.flatMap((supplier, s) =>
    supplier.products.flatMap(([name, description, category, min, max, moq, stock, variants]) =>
      variants.map((variant, v) => ({
        s,
        name: `${name} – ${variant}`,
        description: `${description} ${variant}.`,
        category,
        min: min * (1 + v * 0.9),
        max: max * (1 + v * 0.9),
        moq,
        stock,
      })),
    ),
  );
  const pictures: Array<{ thumbnail: string; gallery: string[] }> = [];
  for (const [i, p] of plan.entries()) {
    const hue = (CATEGORY_HUES[p.category] ?? 0) + ((i * 13) % 40) - 20;
    const thumbnail = await save(await productPicture(p.name, (hue + 360) % 360, i));
    const gallery = i % 2 === 0 ? [thumbnail, await save(await productPicture(p.name, (hue + 360) % 360, i, true))] : [thumbnail];
    pictures.push({ thumbnail, gallery });
  }
  const bannerImages: string[] = [];
  for (const b of BANNERS) bannerImages.push(await save(await bannerPicture(b.hue, b.goods)));
  const logos: string[] = [];
  for (const [i, s] of SUPPLIERS.entries()) logos.push(await save(await logoPicture(s.company, (i * 47 + 15) % 360)));

  return db.transaction().execute(async (trx) => {
    // Two servers starting at once on one PostgreSQL: the second waits, then sees products.
    await sql`select pg_advisory_xact_lock(727002)`.execute(trx);
    if (!(await isEmpty(trx))) return { seeded: false, products: 0, signIns: SIGN_INS };

    const joined = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
    const suppliers = await trx
      .insertInto('users')
      .values(
        SUPPLIERS.map((s, i) => ({
          email: s.email,
          first_name: s.first_name,
          last_name: s.last_name,
          phone_number: s.phone,
          country: s.country,
          password_hash: passwordHash,
          user_type: 'SUPPLIER' as const,
          is_first_login: false,
          is_verified: true,
          currency: s.country === 'TR' ? 'TRY' : s.country === 'NG' ? 'NGN' : 'XOF',
          date_joined: joined(400 + i * 90),
        })),
      )
      .returning('id')
      .execute();
    const buyers = await trx
      .insertInto('users')
      .values(
        BUYERS.map((b, i) => ({
          email: b.email,
          first_name: b.first_name,
          last_name: b.last_name,
          phone_number: b.phone,
          country: b.country,
          password_hash: passwordHash,
          user_type: 'BUYER' as const,
          is_first_login: false,
          is_verified: true,
          currency: b.country === 'TR' ? 'TRY' : b.country === 'NG' ? 'NGN' : 'XOF',
          date_joined: joined(200 + i * 30),
        })),
      )
      .returning('id')
      .execute();

    // The moderator: a buyer account with the role, so the demo shows the moderation area.
    const moderator = await trx
      .insertInto('users')
      .values({
        email: DEMO_MODERATOR_EMAIL,
        first_name: 'Ngozi',
        last_name: 'Moderator',
        phone_number: '+2348001234567',
        country: 'NG',
        password_hash: passwordHash,
        user_type: 'BUYER',
        is_first_login: false,
        is_verified: true,
        is_moderator: true,
        currency: 'NGN',
        date_joined: joined(500),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('buyer_profiles').values({ user_id: moderator.id, name: 'Ngozi (moderation)', logo_url: null }).execute();

    await trx
      .insertInto('supplier_profiles')
      .values(
        SUPPLIERS.map((s, i) => ({
          user_id: suppliers[i].id,
          company_name: s.company,
          about: s.about,
          is_verified: s.badge,
          logo_url: logos[i],
        })),
      )
      .execute();
    const industries = SUPPLIERS.flatMap((s, i) =>
      // biome-ignore lint/style/noNonNullAssertion: every product of the demo data names one of its categories.
      [...new Set(s.products.map((p) => categories.get(p[2])!))].map((category_id) => ({ user_id: suppliers[i].id, category_id })),
    );
    await trx.insertInto('supplier_industries').values(industries).execute();
    // Verification levels: e-mail confirmed (every supplier, when they joined), a registration checked, one waiting.
    await trx
      .updateTable('users')
      .set({ email_verified_at: sql`date_joined` })
      .where(
        'id',
        'in',
        suppliers.map((s) => s.id),
      )
      .execute();
    for (const [i, s] of SUPPLIERS.entries()) {
      const registration = REGISTRATIONS[s.email];
      if (!registration) continue;
      const decided = registration.status === 'approved' ? joined(30 + i * 7) : null;
      await trx
        .insertInto('verification_requests')
        .values({
          supplier_id: suppliers[i].id,
          registry: registration.registry,
          registry_number: registration.number,
          document_url: logos[i],
          status: registration.status,
          created_at: decided ? new Date(decided.getTime() - 2 * DAY) : joined(1),
          decided_at: decided,
          decided_by: decided ? moderator.id : null,
        })
        .execute();
      if (decided) {
        await trx
          .insertInto('verification_checks')
          .values({ user_id: suppliers[i].id, check_name: 'business_registration', registry: registration.registry, verified_at: decided })
          .execute();
      }
    }
    await trx
      .insertInto('buyer_profiles')
      .values(BUYERS.map((b, i) => ({ user_id: buyers[i].id, name: `${b.first_name} ${b.last_name}`, logo_url: null })))
      .execute();
    const interests = [...categories.values()];
    await trx
      .insertInto('buyer_categories')
      .values(
        buyers.flatMap((b, i) =>
          [interests[i % interests.length], interests[(i + 3) % interests.length], interests[(i + 7) % interests.length]].map(
            (category_id) => ({ user_id: b.id, category_id }),
          ),
        ),
      )
      .execute();

    // Listed over the last 90 days; a dozen flash deals run for the next hours and days.
    const flashDeals = new Set(Array.from({ length: 12 }, (_, k) => (k * 12 + 5) % plan.length));
    const products = await trx
      .insertInto('products')
      .values(
        plan.map((p, i) => {
          const created = new Date(now.getTime() - rand.next() * 90 * DAY);
          const deal = flashDeals.has(i);
          return {
            supplier_id: suppliers[p.s].id,
            category_id: categories.get(p.category) ?? null,
            name: p.name,
            description: p.description,
            min_price: money(p.min),
            max_price: money(p.max),
            price: deal ? money(p.min * 0.85) : null,
            thumbnail_url: pictures[i].thumbnail,
            minimum_order_quantity: p.moq,
            quantity_in_stock: i % 29 === 7 ? p.moq : p.stock,
            flash_deal_ends_at: deal ? new Date(now.getTime() + (6 + ((i * 17) % 160)) * 3_600_000) : null,
            // A third of the catalogue sells by quantity and offers a sample (docs/api.md#quantity-tiers-and-samples).
            ...(i % 3 === 0 ? { price_tiers: JSON.stringify(demoTiers(p)), sample_price: money(p.max * 1.25) } : {}),
            created_at: created,
            updated_at: created,
          };
        }),
      )
      .returning(['id', 'supplier_id', 'name', 'created_at', 'category_id', 'min_price', 'thumbnail_url'])
      .execute();
    await trx
      .insertInto('product_media')
      .values(
        products.flatMap((p, i) =>
          pictures[i].gallery.map((url, position) => ({
            product_id: p.id,
            media_source_url: url,
            media_type: 'image' as const,
            position,
          })),
        ),
      )
      .execute();

    await trx
      .insertInto('banners')
      .values(
        BANNERS.map((b, i) => ({
          image_url: bannerImages[i],
          title: b.titles.en,
          titles: JSON.stringify(b.titles),
          link: b.link,
          position: i,
        })),
      )
      .execute();

    // Buyers' reviews (in their language) and favourites, with their suppliers notified.
    for (const [b, buyer] of BUYERS.entries()) {
      const reviewed = new Set<number>();
      while (reviewed.size < 14) reviewed.add(rand.int(0, products.length - 1));
      const reviews = [...reviewed].map((i) => {
        const rating = rand.pick([3, 4, 4, 5, 5, 5]);
        const created = new Date(products[i].created_at.getTime() + rand.next() * (now.getTime() - products[i].created_at.getTime()));
        return {
          product_id: products[i].id,
          reviewer_id: buyers[b].id,
          rating,
          comment: rand.pick(COMMENTS[buyer.language][rating - 3]),
          created_at: created,
          updated_at: created,
        };
      });
      await trx.insertInto('reviews').values(reviews).execute();
      const liked = new Set<number>();
      while (liked.size < 8) liked.add(rand.int(0, products.length - 1));
      await trx
        .insertInto('favorites')
        .values(
          [...liked].map((i) => ({
            user_id: buyers[b].id,
            product_id: products[i].id,
            created_at: new Date(now.getTime() - rand.next() * 45 * DAY),
          })),
        )
        .execute();
      for (const r of reviews) {
        // biome-ignore lint/style/noNonNullAssertion: the demo reviews are of the products just made.
        await notifyNewReview(trx, products.find((p) => p.id === r.product_id)!, { rating: r.rating, reviewerName: buyer.first_name });
      }
      for (const i of liked) await notifyNewFavorite(trx, products[i], { id: buyers[b].id, first_name: buyer.first_name });
    }
    await seedRequests(trx, { buyers, products, now });
    return { seeded: true, products: products.length, signIns: SIGN_INS };
  });
}

/** Three tiers from the minimum order: the maximum price, the middle, the minimum price at twenty times the minimum order. */
function demoTiers(p: { min: number; max: number; moq: number }) {
  return [
    { min_quantity: p.moq, unit_price: money(p.max) },
    { min_quantity: p.moq * 5, unit_price: money((p.min + p.max) / 2) },
    { min_quantity: p.moq * 20, unit_price: money(p.min) },
  ];
}

const REQUESTS = [
  {
    title: 'Shea butter for a cosmetics line',
    description: 'Unrefined, grade A, in 25 kg cartons. Monthly orders if the first goes well.',
  },
  { title: 'Hotel linen for 80 rooms', description: 'Cotton sheets and towels, white, delivered before the season opens.' },
  { title: 'Coffee beans for a roastery', description: 'Green or roasted, with the origin and the harvest date stated.' },
  { title: 'Wholesale olive oil', description: 'Extra virgin, in 5 l tins, labelled for retail.' },
];

/**
 * A few open requests for quotation by the demo buyers, each quoted by the suppliers of its
 * category (a quote is a pending offer in the conversation about the product, as
 * services/wholesale/rfqs.ts sendQuote makes it), so a new user sees the feature at once.
 */
async function seedRequests(
  trx: Database,
  {
    buyers,
    products,
    now,
  }: {
    buyers: Array<{ id: number }>;
    products: Array<{ id: number; supplier_id: number; category_id: number | null; min_price: string; thumbnail_url: string }>;
    now: Date;
  },
) {
  const categories = [...new Set(products.flatMap((p) => (p.category_id === null ? [] : [p.category_id])))];
  for (const [i, r] of REQUESTS.entries()) {
    const categoryId = categories[(i * 5) % categories.length];
    const buyerId = buyers[i % buyers.length].id;
    // One product per supplier of the category, at most three quotes.
    const bySupplier = new Map<number, (typeof products)[number]>();
    for (const p of products) if (p.category_id === categoryId && !bySupplier.has(p.supplier_id)) bySupplier.set(p.supplier_id, p);
    const quoted = [...bySupplier.values()].slice(0, 3);
    const quantity = 200 * (i + 1);
    const deadline = new Date(now.getTime() + (10 + i * 5) * DAY);
    // The first two show what is wanted with pictures (the demo pictures of two listings of the category).
    const images =
      i < 2
        ? products
            .filter((p) => p.category_id === categoryId)
            .slice(0, 2 - i)
            .map((p) => p.thumbnail_url)
        : [];
    const rfq = await trx
      .insertInto('rfqs')
      .values({
        buyer_id: buyerId,
        category_id: categoryId,
        title: r.title,
        description: r.description,
        quantity,
        target_price: null,
        deadline,
        quotes_count: quoted.length,
        images: JSON.stringify(images),
        created_at: new Date(now.getTime() - (i + 1) * DAY),
        updated_at: new Date(now.getTime() - (i + 1) * DAY),
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    for (const [k, p] of quoted.entries()) {
      const price = money(Number(p.min_price) * (0.9 + k * 0.05));
      const conversation = await trx
        .insertInto('conversations')
        .values({ buyer_id: buyerId, supplier_id: p.supplier_id, product_id: p.id })
        .onConflict((oc) => oc.columns(['buyer_id', 'supplier_id', 'product_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const conversationId =
        conversation?.id ??
        (
          await trx
            .selectFrom('conversations')
            .select('id')
            .where('buyer_id', '=', buyerId)
            .where('supplier_id', '=', p.supplier_id)
            .where('product_id', '=', p.id)
            .executeTakeFirstOrThrow()
        ).id;
      const at = new Date(now.getTime() - (i + 1) * DAY + (k + 1) * 3_600_000);
      const lead = 7 + k * 7;
      const offer = await trx
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          sender_id: p.supplier_id,
          text: `Quote for "${r.title}": $${price} × ${quantity}, lead time ${lead} days.`,
          price,
          quantity,
          offer_state: 'pending',
          // As sendQuote makes it: the offer lasts until the request's deadline.
          expires_at: deadline,
          timestamp: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversations')
        .set({ last_message_timestamp: at, supplier_last_read_at: at })
        .where('id', '=', conversationId)
        .execute();
      await trx
        .insertInto('rfq_quotes')
        .values({
          rfq_id: rfq.id,
          supplier_id: p.supplier_id,
          product_id: p.id,
          unit_price: price,
          quantity,
          lead_time_days: lead,
          note: '',
          conversation_id: conversationId,
          offer_id: offer.id,
          created_at: at,
        })
        .execute();
    }
  }
}
