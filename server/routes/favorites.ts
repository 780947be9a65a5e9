import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../lib/params';
import { sql } from 'kysely';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../lib/body';
import { badRequest, notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { notifyNewFavorite, serializeFavorites, withdrawFavoriteNotification } from '../services/favorites';
import { favoriteCreate } from '../../src/shared/catalogue';
import { invalidPk, toFieldErrors } from '../../src/shared/validation';

/**
 * The caller's favourites (spec §7). Adding is idempotent both ways the outbox may repeat
 * it: the same product again, or the same client_id again, answers the existing one (200).
 */
const favorites: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/favorites/', { schema: { tags: ['favorites'] } }, async (request) => {
    const user = requireUser(request);
    const paging = readPaging(request);
    const [rows, total] = await Promise.all([
      app.db.selectFrom('favorites').selectAll().where('user_id', '=', user.id)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute(),
      app.db.selectFrom('favorites').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow(),
    ]);
    return page(request, await serializeFavorites(app.db, rows, user.id), total.n, paging);
  });

  app.post('/api/favorites/', { schema: { tags: ['favorites'] } }, async (request, reply) => {
    const user = requireVerified(request);
    const { fields } = await readForm(request);
    const parsed = favoriteCreate.safeParse(fields);
    if (!parsed.success) throw badRequest(toFieldErrors(parsed.error.issues));
    const { product: productId, client_id } = parsed.data;

    const answer = async (row: Parameters<typeof serializeFavorites>[1][number], status: number) =>
      reply.code(status).send((await serializeFavorites(app.db, [row], user.id))[0]);
    const existing = () => app.db.selectFrom('favorites').selectAll().where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('product_id', '=', productId), ...(client_id ? [eb('client_id', '=', client_id)] : [])]))
      // The client_id match first: a repeat answers exactly the first result.
      .orderBy(sql`client_id is not distinct from ${client_id ?? null}`, 'desc').executeTakeFirst();

    const before = await existing();
    if (before) return answer(before, 200);
    const product = await app.db.selectFrom('products').select(['id', 'name', 'supplier_id']).where('id', '=', productId).executeTakeFirst();
    if (!product) throw badRequest({ product: [invalidPk(productId)] });

    const created = await app.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('favorites').values({ user_id: user.id, product_id: product.id, client_id: client_id ?? null })
        .onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
      if (row && product.supplier_id !== user.id) {
        await notifyNewFavorite(trx, product, user);
      }
      return row;
    });
    if (created) return answer(created, 201);
    const raced = await existing();
    if (!raced) throw badRequest({ product: [invalidPk(productId)] });
    return answer(raced, 200);
  });

  app.delete('/api/favorites/by-product/:id/', {
    schema: { tags: ['favorites'], params: idParams },
  }, async (request, reply) => {
    const user = requireUser(request);
    const deleted = await app.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('favorites').where('user_id', '=', user.id).where('product_id', '=', request.params.id)
        .returning('id').executeTakeFirst();
      if (row) await withdrawFavoriteNotification(trx, request.params.id, user.id);
      return row;
    });
    if (!deleted) throw notFound();
    return reply.code(204).send();
  });
};

export default favorites;
