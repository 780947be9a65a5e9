import { sql } from 'kysely';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../../config';
import type { Database } from '../../db';
import { serializeNotification } from '../notifications';
import { checkEndpoint } from './subscriptions';
import { pushLanguage, pushText, type PushLanguage } from './text';
import type { Notification } from '@/shared/chat';
import { kindsFromText, pushKindOf } from '@/shared/push';
import { pushesSent } from '../../lib/metrics';

/**
 * Web Push (docs/api.md): what a request added to someone's notifications is pushed to their
 * devices once the request is done, encrypted (RFC 8291 aes128gcm) and signed (VAPID). The
 * request never waits for it and never fails because of it: sends run on a timer, after the
 * answer, and their errors are only logged. Notifications made within COALESCE_MS of each
 * other go out as one push per device. A push service answering 404 or 410 has dropped the
 * subscription, and so does the server; subscriptions of sign-ins that have ended (logout,
 * password change, a stolen token) or to push services no longer allowed are dropped too and
 * never pushed to.
 */

export const COALESCE_MS = 200;
const SEND_TIMEOUT_MS = 10_000;
/** Push services take 4 KB of payload; the newest notifications that fit are sent. */
const MAX_PAYLOAD_BYTES = 3_000;
const MAX_NOTIFICATIONS = 5;
const PARALLEL_SENDS = 8;
/** A push waits at the push service this long for an offline device, then goes. */
const TTL_S = 24 * 60 * 60;
const TITLE = 'Marketplace';

/**
 * What a device's service worker receives: the newest notification exactly as
 * GET /api/notifications/ lists it, with what to show (title, body worded in the device's
 * language, tag, url) and every notification the push gathers, newest first.
 */
export interface PushPayload extends Notification {
  /** Whose notifications these are: a device shows and keeps them only while that user is signed in there. */
  user_id: number;
  title: string;
  body: string;
  /** One notification on screen per link (a conversation, a product): newer ones replace it. */
  tag: string;
  url: string;
  language: PushLanguage;
  notifications: Notification[];
}

export function buildPayload(userId: number, notifications: Notification[], language: PushLanguage): string {
  const newestFirst = [...notifications].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  for (let n = Math.min(MAX_NOTIFICATIONS, newestFirst.length); ; n--) {
    const shown = newestFirst.slice(0, Math.max(n, 1));
    const newest = shown[0];
    const payload: PushPayload = {
      ...newest,
      user_id: userId,
      title: TITLE,
      body: shown.map((item) => pushText(item, language)).join('\n'),
      tag: newest.link ?? 'notifications',
      url: newest.link ?? '/',
      language,
      notifications: shown,
    };
    const text = JSON.stringify(payload);
    if (n <= 1 || Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return text;
  }
}

interface Subscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  kinds: string;
  user_id: number;
  failures: number;
}

/** Pushes refused or lost in a row (5xx, a timeout) after which a subscription is forgotten. */
export const PUSH_MAX_FAILURES = 5;

/** `notified`: told whose notifications changed, at once (the open apps' pokes: services/live.ts). */
export function createPushSender(db: Database, config: PushConfig, log: FastifyBaseLogger, notified?: (userIds: number[]) => void) {
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  // Batches go out side by side: a push service that hangs holds up only its own sends.
  const inFlight = new Set<Promise<void>>();
  const stop = new AbortController();

  /** Sign-ins that have ended take their subscriptions with them. */
  const liveSession = sql<boolean>`exists (
    select 1 from refresh_tokens r
    where r.family = push_subscriptions.session_id and r.user_id = push_subscriptions.user_id
      and r.revoked_at is null and r.expires_at > now())`;

  /** The open apps of these notifications' owners pull at once; the push waits for its coalescing. */
  async function pokeOwners(ids: number[]): Promise<void> {
    try {
      const rows = await db.selectFrom('notifications').select('user_id').distinct().where('id', 'in', ids).execute();
      notified?.(rows.map((r) => r.user_id));
    } catch (err) {
      if (!stop.signal.aborted) log.warn({ err }, 'could not poke the open apps');
    }
  }

  async function flush(ids: number[]): Promise<void> {
    const rows = await db.selectFrom('notifications').selectAll().where('id', 'in', ids).where('is_read', '=', false).execute();
    if (rows.length === 0) return;
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    await db.deleteFrom('push_subscriptions').where('user_id', 'in', userIds).where(sql<boolean>`not ${liveSession}`).execute();
    const subscriptions: Subscription[] = await db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth', 'language', 'kinds', 'user_id', 'failures'])
      .where('user_id', 'in', userIds)
      .where(liveSession)
      .execute();
    // Allowed when stored, but the operator may have narrowed PUSH_ENDPOINT_PREFIXES since.
    const allowed = subscriptions.filter((s) => {
      try {
        return checkEndpoint(s.endpoint, config.endpointPrefixes) !== undefined;
      } catch {
        return false;
      }
    });
    const refused = subscriptions.filter((s) => !allowed.includes(s)).map((s) => s.id);
    if (refused.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', refused).execute();
    const byUser = new Map<number, Notification[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), serializeNotification(row)]);
    // A device gets only the kinds it switched on (src/shared/push.ts); nothing left, no push.
    const queue = allowed.flatMap((s) => {
      const wanted = kindsFromText(s.kinds);
      const shown = (byUser.get(s.user_id) ?? []).filter((n) => {
        const kind = pushKindOf(n.kind);
        return kind === null || wanted[kind];
      });
      return shown.length > 0 ? [{ s, payload: buildPayload(s.user_id, shown, pushLanguage(s.language)) }] : [];
    });
    const worker = async () => {
      for (let next = queue.shift(); next && !stop.signal.aborted; next = queue.shift()) await send(next.s, next.payload);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, queue.length) }, worker));
  }

  async function send(s: Subscription, payload: string): Promise<void> {
    try {
      const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
        vapidDetails: config.vapid,
        TTL: TTL_S,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      // The length is the body's: fetch sets it.
      delete headers['Content-Length'];
      const answer = await fetch(s.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: 'error',
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
      });
      await answer.body?.cancel();
      pushesSent.inc({ result: answer.ok ? 'sent' : answer.status === 404 || answer.status === 410 ? 'gone' : 'failed' });
      if (answer.status === 404 || answer.status === 410) {
        await db.deleteFrom('push_subscriptions').where('id', '=', s.id).where('endpoint', '=', s.endpoint).execute();
      } else if (!answer.ok) {
        log.warn({ status: answer.status, subscription: s.id }, 'the push service refused a push');
        await failed(s);
      } else if (s.failures > 0) {
        await db.updateTable('push_subscriptions').set({ failures: 0 }).where('id', '=', s.id).execute();
      }
    } catch (err) {
      if (stop.signal.aborted) return;
      pushesSent.inc({ result: 'failed' });
      log.warn({ err, subscription: s.id }, 'could not push a notification');
      await failed(s).catch(() => undefined);
    }
  }

  /** One more failure in a row; past PUSH_MAX_FAILURES the subscription is forgotten, as a 410 forgets it. */
  async function failed(s: Subscription): Promise<void> {
    const row = await db
      .updateTable('push_subscriptions')
      .set({ failures: sql`failures + 1` })
      .where('id', '=', s.id)
      .returning('failures')
      .executeTakeFirst();
    if (row && row.failures >= PUSH_MAX_FAILURES) {
      await db.deleteFrom('push_subscriptions').where('id', '=', s.id).where('failures', '>=', PUSH_MAX_FAILURES).execute();
    }
  }

  return {
    /** The VAPID public key browsers subscribe with (base64url). */
    publicKey: config.vapid.publicKey,
    /** What a subscription's endpoint must start with (PUSH_ENDPOINT_PREFIXES). */
    endpointPrefixes: config.endpointPrefixes,

    /** Pushes these new or updated notifications shortly, after the current request is done. */
    notified(...ids: Array<number | null | undefined>): void {
      const fresh = ids.filter((id): id is number => typeof id === 'number');
      if (fresh.length > 0 && notified && !stop.signal.aborted) void pokeOwners(fresh);
      for (const id of fresh) pending.add(id);
      if (pending.size === 0 || timer || stop.signal.aborted) return;
      timer = setTimeout(() => {
        timer = undefined;
        const batch = [...pending];
        pending.clear();
        const job: Promise<void> = flush(batch)
          .catch((err) => {
            if (!stop.signal.aborted) log.error({ err }, 'pushing notifications failed');
          })
          .finally(() => inFlight.delete(job));
        inFlight.add(job);
      }, COALESCE_MS);
    },

    /** Resolves once what was handed over so far has been sent (tests, shutdown). */
    async settled(): Promise<void> {
      while (timer || pending.size > 0) await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
      await Promise.all(inFlight);
    },

    /** Server shutdown: nothing more goes out; sends in flight are abandoned. */
    async close(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
      stop.abort();
      await Promise.all(inFlight);
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
