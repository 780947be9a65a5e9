import { sql } from 'kysely';
import type { Database } from '../../db';
import { badRequest, fieldError, notFound } from '../../lib/errors';
import { notify } from '../notifications';
import { logAction } from './action-log';
import { ownUpload, type ResolveMedia } from '../media/owned';
import { displayNames } from './names';
import { SERVER_MESSAGES } from '@/shared/messages';
import type { Registry } from '@/shared/trust';
import type { VerificationCheck } from '@/shared/trust-schema';

/**
 * Verified business (docs/api.md#trust-and-safety): a supplier asks for the business-registration check
 * with its registry, number and certificate; a moderator approves or rejects it with a reason.
 * Approval records the check and sets supplier_profiles.is_verified (the badge); the supplier is
 * notified either way. The public profile says what was checked and when (verificationOf).
 */

/** Formats of the certificate: an image or a PDF. */
const DOCUMENT_FORMATS = ['jpg', 'png', 'gif', 'webp', 'pdf'];

export interface VerificationInput {
  registry: Registry;
  registry_number: string;
  document: string;
}

/**
 * The certificate must be a file of ours that this supplier uploaded, an image or a PDF:
 * nobody can submit someone else's document.
 */
export async function ownDocument(db: Database, resolve: ResolveMedia, supplierId: number, url: string): Promise<string> {
  const path = await ownUpload(db, resolve, supplierId, url, DOCUMENT_FORMATS);
  if (!path) throw fieldError('document', SERVER_MESSAGES.DOCUMENT_NOT_YOURS);
  return path;
}

export async function requestVerification(db: Database, supplierId: number, input: VerificationInput, documentPath: string) {
  // The partial unique index keeps one pending request per supplier, also against a race.
  const { rows } = await sql<{ id: number; status: string }>`
    insert into verification_requests (supplier_id, registry, registry_number, document_url)
    values (${supplierId}, ${input.registry}, ${input.registry_number}, ${documentPath})
    on conflict do nothing
    returning id, status`.execute(db);
  if (!rows[0]) throw badRequest(SERVER_MESSAGES.VERIFICATION_PENDING);
  return { id: rows[0].id, status: 'pending' as const };
}

type RequestRow = {
  id: number;
  supplier_id: number;
  registry: string;
  registry_number: string;
  document_url: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  created_at: Date;
  decided_at: Date | null;
};

async function serializeRequests(db: Database, rows: RequestRow[]) {
  const names = await displayNames(
    db,
    rows.map((r) => r.supplier_id),
  );
  return rows.map((r) => ({
    id: r.id,
    supplier: { id: r.supplier_id, name: names.get(r.supplier_id) ?? '' },
    registry: r.registry,
    registry_number: r.registry_number,
    document: r.document_url,
    status: r.status,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    decided_at: r.decided_at?.toISOString() ?? null,
  }));
}

/** The moderators' list, oldest pending first (decided ones newest first). */
export async function verificationPage(
  db: Database,
  status: 'pending' | 'approved' | 'rejected',
  paging: { limit: number; offset: number },
) {
  const query = db.selectFrom('verification_requests').selectAll().where('status', '=', status);
  const ordered =
    status === 'pending' ? query.orderBy('created_at').orderBy('id') : query.orderBy('decided_at', 'desc').orderBy('id', 'desc');
  const [rows, total] = await Promise.all([
    ordered.limit(paging.limit).offset(paging.offset).execute(),
    db
      .selectFrom('verification_requests')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow(),
  ]);
  return { results: await serializeRequests(db, rows), count: total.n };
}

/** The supplier's own requests, newest first. */
export async function ownRequests(db: Database, supplierId: number) {
  const rows = await db
    .selectFrom('verification_requests')
    .selectAll()
    .where('supplier_id', '=', supplierId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return serializeRequests(db, rows);
}

/**
 * Approves or rejects a pending request. Deciding it again the same way answers it as it is
 * (idempotent); the other way is a 400. Answers the request and the notification to push.
 */
export async function decideVerification(db: Database, moderatorId: number, requestId: number, approve: boolean, reason: string) {
  const status = approve ? 'approved' : 'rejected';
  const notificationId = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('verification_requests').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === status) return null;
    if (row.status !== 'pending') throw badRequest(SERVER_MESSAGES.VERIFICATION_DECIDED);
    await trx
      .updateTable('verification_requests')
      .set({ status, reason, decided_at: new Date(), decided_by: moderatorId })
      .where('id', '=', requestId)
      .execute();
    await logAction(trx, moderatorId, approve ? 'approve_verification' : 'reject_verification', 'verification', requestId, reason);
    if (approve) {
      await trx
        .insertInto('verification_checks')
        .values({ user_id: row.supplier_id, check_name: 'business_registration', registry: row.registry })
        .onConflict((oc) => oc.columns(['user_id', 'check_name']).doUpdateSet({ registry: row.registry, verified_at: new Date() }))
        .execute();
      await trx.updateTable('supplier_profiles').set({ is_verified: true }).where('user_id', '=', row.supplier_id).execute();
    }
    return notify(trx, {
      userId: row.supplier_id,
      kind: approve ? 'verification_approved' : 'verification_rejected',
      link: '/profile/verification',
      params: { registry: row.registry, request: row.id, reason },
      message: approve
        ? `Your business registration (${row.registry}) was checked and approved.`
        : `Your business registration (${row.registry}) could not be approved: ${reason}`,
    });
  });
  const [answer] = await serializeRequests(db, [
    await db.selectFrom('verification_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow(),
  ]);
  return { request: answer, notificationId };
}

/**
 * What was checked of a supplier, and when: the e-mail (confirmed with the OTP: when, if it was
 * recorded, else when the account was made) and the business registration a moderator approved.
 */
export async function verificationOf(
  db: Database,
  userId: number,
): Promise<{ verification: VerificationCheck[]; business_registry: string | null }> {
  const [user, checks] = await Promise.all([
    db.selectFrom('users').select(['is_verified', 'email_verified_at', 'date_joined']).where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('verification_checks').selectAll().where('user_id', '=', userId).execute(),
  ]);
  const out: VerificationCheck[] = [];
  if (user?.is_verified) out.push({ check: 'email', verified_at: (user.email_verified_at ?? user.date_joined).toISOString() });
  for (const c of checks) out.push({ check: c.check_name, verified_at: c.verified_at.toISOString() });
  return { verification: out, business_registry: checks[0]?.registry ?? null };
}
