import { sql } from 'kysely';
import type { Database } from '../../db';
import { badRequest, notFound } from '../../lib/errors';
import { notify } from '../notifications';
import { productQuery, serializeProducts } from '../catalogue/products';
import { logAction } from './action-log';
import { displayNames } from './names';
import type { ReportRow } from './reports';
import { SERVER_MESSAGES } from '@/shared/messages';
import { APPEAL_REASON, type ModerationAction, type ReportTargetType } from '@/shared/trust';

/**
 * Moderation (docs/api.md#trust-and-safety): the queue of reports, the actions on their targets and the
 * log of who did what, when and why (moderation_actions). Every action is idempotent and takes
 * its target's lock first, so two moderators acting on one target at once end with one action:
 * the second finds the reports resolved and answers them as they are.
 */

/** Advisory lock class of a moderation target ('mod'); the second key is a hash of "<type>:<id>". */
const MODERATION_LOCK = 0x6d6f64;

async function lockTarget(db: Database, type: string, id: number) {
  await sql`select pg_advisory_xact_lock(${MODERATION_LOCK}, hashtext(${`${type}:${id}`}))`.execute(db);
}

// ---- the queue ----

type Paging = { limit: number; offset: number };

const openOfTarget = sql<number>`(select count(*)::int from reports o
  where o.target_type = r.target_type and o.target_id = r.target_id and o.status = 'open')`;

/** One page of reports: open ones most-reported target first (oldest first within), resolved ones newest first. */
export async function reportPage(db: Database, status: 'open' | 'resolved', paging: Paging) {
  let query = db.selectFrom('reports as r').selectAll('r').select(openOfTarget.as('reports_count')).where('r.status', '=', status);
  query =
    status === 'open'
      ? query.orderBy(sql`${openOfTarget}`, 'desc').orderBy('r.target_type').orderBy('r.target_id').orderBy('r.created_at').orderBy('r.id')
      : query.orderBy('r.resolved_at', 'desc').orderBy('r.id', 'desc');
  const [rows, total] = await Promise.all([
    query.limit(paging.limit).offset(paging.offset).execute(),
    db.selectFrom('reports').select(sql<number>`count(*)::int`.as('n')).where('status', '=', status).executeTakeFirstOrThrow(),
  ]);
  return { results: await queueItems(db, rows), count: total.n };
}

/** One report with its target's history: every report of the target and every earlier action on it. */
export async function reportDetail(db: Database, id: number) {
  const row = await db
    .selectFrom('reports as r')
    .selectAll('r')
    .select(openOfTarget.as('reports_count'))
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const [item] = await queueItems(db, [row]);
  const [reports, actions] = await Promise.all([
    db
      .selectFrom('reports')
      .selectAll()
      .where('target_type', '=', row.target_type)
      .where('target_id', '=', row.target_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    targetActions(db, row.target_type, row.target_id),
  ]);
  const names = await displayNames(
    db,
    reports.map((r) => r.reporter_id),
  );
  return {
    ...item,
    history: {
      reports: reports.map((r) => ({
        id: r.id,
        reporter: { id: r.reporter_id, name: names.get(r.reporter_id) ?? '' },
        reason: r.reason,
        details: r.details,
        status: r.status,
        created_at: r.created_at.toISOString(),
      })),
      actions,
    },
  };
}

async function targetActions(db: Database, type: ReportTargetType, id: number) {
  // A product's and a message's history include what was done to their author's account.
  const rows = await db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return serializeActions(db, rows);
}

async function serializeActions(
  db: Database,
  rows: Array<{
    id: number;
    moderator_id: number | null;
    action: string;
    target_type: string;
    target_id: number;
    reason: string;
    created_at: Date;
  }>,
) {
  const names = await displayNames(
    db,
    rows.flatMap((r) => (r.moderator_id === null ? [] : [r.moderator_id])),
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    reason: r.reason,
    moderator: r.moderator_id === null ? null : { id: r.moderator_id, name: names.get(r.moderator_id) ?? '' },
    created_at: r.created_at.toISOString(),
  }));
}

/** The log of every moderation action, newest first. */
export async function actionPage(db: Database, paging: Paging) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('moderation_actions')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    db.selectFrom('moderation_actions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { results: await serializeActions(db, rows), count: total.n };
}

/** Reports as the queue shows them: the reporter, the target's summary, what was decided. */
async function queueItems(db: Database, rows: Array<ReportRow & { reports_count: number }>) {
  const ids = (type: ReportTargetType) => [...new Set(rows.filter((r) => r.target_type === type).map((r) => r.target_id))];
  const none = Promise.resolve([]);
  const [products, users, messages, actions] = await Promise.all([
    ids('product').length === 0
      ? none
      : db
          .selectFrom('products')
          .select(['id', 'name', 'thumbnail_url', 'supplier_id', 'hidden_at', 'moderation_reason'])
          .where('id', 'in', ids('product'))
          .execute(),
    ids('user').length === 0
      ? none
      : db.selectFrom('users').select(['id', 'user_type', 'suspended_at']).where('id', 'in', ids('user')).execute(),
    ids('message').length === 0
      ? none
      : db
          .selectFrom('messages')
          .select(['id', 'text', 'image_url', 'sender_id', 'conversation_id', 'hidden_at', 'timestamp'])
          .where('id', 'in', ids('message'))
          .execute(),
    rows.some((r) => r.action_id !== null)
      ? db
          .selectFrom('moderation_actions')
          .selectAll()
          .where(
            'id',
            'in',
            rows.flatMap((r) => (r.action_id === null ? [] : [r.action_id])),
          )
          .execute()
      : Promise.resolve([]),
  ]);
  const people = [
    ...rows.map((r) => r.reporter_id),
    ...products.map((p) => p.supplier_id),
    ...users.map((u) => u.id),
    ...messages.map((m) => m.sender_id),
  ];
  const names = await displayNames(db, people);
  const resolutions = new Map((await serializeActions(db, actions)).map((a) => [a.id, a]));
  const person = (id: number) => ({ id, name: names.get(id) ?? '' });
  const summary = (r: ReportRow) => {
    if (r.target_type === 'product') {
      const p = products.find((x) => x.id === r.target_id);
      return (
        p && {
          id: p.id,
          name: p.name,
          thumbnail_url: p.thumbnail_url,
          supplier: person(p.supplier_id),
          is_hidden: p.hidden_at !== null,
          moderation_reason: p.moderation_reason,
        }
      );
    }
    if (r.target_type === 'user') {
      const u = users.find((x) => x.id === r.target_id);
      return u && { ...person(u.id), user_type: u.user_type, is_suspended: u.suspended_at !== null };
    }
    const m = messages.find((x) => x.id === r.target_id);
    // Moderators read a hidden message's words: they decide on them.
    return (
      m && {
        id: m.id,
        text: m.text,
        image_url: m.image_url,
        sender: person(m.sender_id),
        conversation: m.conversation_id,
        timestamp: m.timestamp.toISOString(),
        is_hidden: m.hidden_at !== null,
      }
    );
  };
  return rows.map((r) => ({
    id: r.id,
    target_type: r.target_type,
    target_id: r.target_id,
    reason: r.reason,
    details: r.details,
    status: r.status,
    created_at: r.created_at.toISOString(),
    resolved_at: r.resolved_at?.toISOString() ?? null,
    reporter: person(r.reporter_id),
    reports_count: Number(r.reports_count),
    target: summary(r) ?? null,
    resolution: r.action_id === null ? null : (resolutions.get(r.action_id) ?? null),
  }));
}

// ---- actions ----

/** Who is suspended for a target: the account itself, or the author of the product or message. */
async function authorOf(db: Database, type: ReportTargetType, id: number): Promise<number | undefined> {
  if (type === 'user') return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst())?.id;
  if (type === 'product')
    return (await db.selectFrom('products').select('supplier_id').where('id', '=', id).executeTakeFirst())?.supplier_id;
  return (await db.selectFrom('messages').select('sender_id').where('id', '=', id).executeTakeFirst())?.sender_id;
}

/**
 * Suspends an account: its sign-ins end at once (every refresh token revoked: the sign-in check,
 * the event streams' watch and the push sender all read them), its push subscriptions go, and its
 * products still shown are hidden because of the suspension (reinstating shows those again).
 */
export async function suspendUser(db: Database, userId: number, reason: string) {
  const suspended = await db
    .updateTable('users')
    .set({ suspended_at: new Date() })
    .where('id', '=', userId)
    .where('suspended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!suspended) return false;
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db
    .updateTable('products')
    .set({ hidden_at: new Date(), hidden_cause: 'suspension', moderation_reason: reason, updated_at: new Date() })
    .where('supplier_id', '=', userId)
    .where('hidden_at', 'is', null)
    .execute();
  return true;
}

async function hideTarget(db: Database, type: ReportTargetType, id: number, reason: string) {
  if (type === 'product') {
    // Hidden for its own report: reinstating its supplier leaves it hidden.
    await db
      .updateTable('products')
      .set({
        hidden_at: sql`coalesce(hidden_at, now())`,
        hidden_cause: 'report',
        moderation_reason: reason,
        appealed_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  } else if (type === 'message') {
    const hidden = await db
      .updateTable('messages')
      .set({ hidden_at: new Date() })
      .where('id', '=', id)
      .where('hidden_at', 'is', null)
      .returning('conversation_id')
      .executeTakeFirst();
    // The conversation's change carries its blanked last message to the devices too.
    if (hidden)
      await db
        .updateTable('conversations')
        .set({ last_message_timestamp: sql`last_message_timestamp` })
        .where('id', '=', hidden.conversation_id)
        .execute();
  }
}

const REPORTER_WORDS: Record<ModerationAction | 'restore', string> = {
  dismiss: 'We reviewed your report and took no action.',
  hide: 'We reviewed your report and removed the content.',
  suspend: 'We reviewed your report and suspended the account.',
  restore: 'We reviewed your appeal: your product is shown again.',
};
const APPEAL_WORDS: Record<ModerationAction, string> = {
  dismiss: 'We reviewed your appeal: your product stays hidden.',
  hide: 'We reviewed your appeal: your product stays hidden.',
  suspend: 'We reviewed your appeal: your product stays hidden.',
};

/** Resolves the target's open reports with one action; answers the reporters' notifications. */
async function closeReports(
  db: Database,
  type: ReportTargetType,
  id: number,
  actionId: number,
  action: ModerationAction | 'restore',
  onlyAppeals = false,
) {
  let query = db
    .updateTable('reports')
    .set({ status: 'resolved', resolved_at: new Date(), action_id: actionId })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('status', '=', 'open');
  if (onlyAppeals) query = query.where('reason', '=', APPEAL_REASON);
  const closed = await query.returning(['id', 'reporter_id', 'reason']).execute();
  const link = type === 'product' ? `/products/${id}` : type === 'user' ? `/users/${id}` : '/chat';
  const ids: Array<number | null> = [];
  for (const r of closed) {
    const appeal = r.reason === APPEAL_REASON;
    ids.push(
      await notify(db, {
        userId: r.reporter_id,
        kind: 'report_resolved',
        link,
        params: { report: r.id, target_type: type, action, appeal: appeal ? 1 : 0 },
        message: appeal && action !== 'restore' ? APPEAL_WORDS[action] : REPORTER_WORDS[action],
      }),
    );
  }
  return ids;
}

/**
 * POST /api/moderation/reports/{id}/resolve/: the action on the report's target, and every open
 * report of that target resolved with it. A report already resolved answers as it is (no second
 * action). Answers the report and the notifications to push.
 */
export async function resolveReport(db: Database, moderatorId: number, reportId: number, action: ModerationAction, reason: string) {
  const first = await db.selectFrom('reports').select(['target_type', 'target_id']).where('id', '=', reportId).executeTakeFirst();
  if (!first) throw notFound();
  if (action === 'hide' && first.target_type === 'user') throw badRequest({ action: [SERVER_MESSAGES.ONLY_PRODUCTS_AND_MESSAGES_HIDE] });
  const notificationIds = await db.transaction().execute(async (trx) => {
    await lockTarget(trx, first.target_type, first.target_id);
    const report = await trx.selectFrom('reports').select(['status']).where('id', '=', reportId).executeTakeFirstOrThrow();
    if (report.status !== 'open') return [];
    const { target_type: type, target_id: id } = first;
    if (action === 'hide') await hideTarget(trx, type, id, reason);
    if (action === 'suspend') {
      const author = await authorOf(trx, type, id);
      if (author !== undefined) {
        await suspendUser(trx, author, reason);
        if (type !== 'user') await logAction(trx, moderatorId, 'suspend', 'user', author, reason);
      }
    }
    const actionId = await logAction(trx, moderatorId, action, type, id, reason);
    return closeReports(trx, type, id, actionId, action);
  });
  return { report: await reportDetail(db, reportId), notificationIds };
}

/** Lifts a suspension; the products hidden because of it are shown again, not those hidden for their own reports. */
export async function reinstateUser(db: Database, moderatorId: number, userId: number, reason: string) {
  return db.transaction().execute(async (trx) => {
    await lockTarget(trx, 'user', userId);
    const user = await trx.selectFrom('users').select(['id', 'suspended_at']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound();
    if (user.suspended_at !== null) {
      await trx.updateTable('users').set({ suspended_at: null }).where('id', '=', userId).execute();
      await trx
        .updateTable('products')
        .set({ hidden_at: null, hidden_cause: null, moderation_reason: null, updated_at: new Date() })
        .where('supplier_id', '=', userId)
        .where('hidden_cause', '=', 'suspension')
        .execute();
      await logAction(trx, moderatorId, 'reinstate', 'user', userId, reason);
    }
    return { id: userId, is_suspended: false };
  });
}

/** Shows a hidden product again; an open appeal of it is resolved (its supplier is told). */
export async function restoreProduct(db: Database, moderatorId: number, productId: number, reason: string) {
  return db.transaction().execute(async (trx) => {
    await lockTarget(trx, 'product', productId);
    const product = await trx.selectFrom('products').select(['id', 'hidden_at']).where('id', '=', productId).executeTakeFirst();
    if (!product) throw notFound();
    if (product.hidden_at === null) return [];
    await trx
      .updateTable('products')
      .set({ hidden_at: null, hidden_cause: null, moderation_reason: null, appealed_at: null, updated_at: new Date() })
      .where('id', '=', productId)
      .execute();
    const actionId = await logAction(trx, moderatorId, 'restore', 'product', productId, reason);
    return closeReports(trx, 'product', productId, actionId, 'restore', true);
  });
}

/** The supplier's one appeal of a hidden product: it joins the queue as a report of the product (reason "appeal"). */
export async function appealProduct(db: Database, supplierId: number, productId: number, details: string) {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['supplier_id', 'hidden_at', 'appealed_at'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product || product.supplier_id !== supplierId) throw notFound();
    if (product.hidden_at === null) throw badRequest(SERVER_MESSAGES.PRODUCT_NOT_HIDDEN);
    const claimed = await trx
      .updateTable('products')
      .set({ appealed_at: new Date() })
      .where('id', '=', productId)
      .where('appealed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw badRequest(SERVER_MESSAGES.ALREADY_APPEALED);
    return trx
      .insertInto('reports')
      .values({ reporter_id: supplierId, target_type: 'product', target_id: productId, reason: APPEAL_REASON, details, client_id: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * A supplier's own hidden products, the most recently hidden first, marked with the reason and the
 * appeal (the lists leave them out; their supplier still needs to see them and appeal).
 */
export async function hiddenProductsPage(db: Database, supplierId: number, paging: { limit: number; offset: number }) {
  const mine = db.selectFrom('products').where('supplier_id', '=', supplierId).where('hidden_at', 'is not', null);
  const [rows, total] = await Promise.all([
    productQuery(db)
      .where('p.supplier_id', '=', supplierId)
      .where('p.hidden_at', 'is not', null)
      .orderBy('p.hidden_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { results: await serializeProducts(db, rows, supplierId), count: total.n };
}

/** What waits for a moderator (the metrics' queue gauge): open reports and pending business verifications. */
export async function moderationQueueLength(db: Database): Promise<{ reports: number; verifications: number }> {
  const [reports, verifications] = await Promise.all([
    db.selectFrom('reports').select(sql<number>`count(*)::int`.as('n')).where('status', '=', 'open').executeTakeFirstOrThrow(),
    db
      .selectFrom('verification_requests')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return { reports: reports.n, verifications: verifications.n };
}
