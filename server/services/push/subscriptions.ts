import { createECDH } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db';
import { badRequest } from '../../lib/errors';
import type { PushLanguage } from './text';
import { kindsFromText, kindsToText, type PushKinds } from '@/shared/push';

/**
 * Browsers' Web Push subscriptions (docs/api.md): one per endpoint, i.e. per device and
 * browser profile, held for the user and the sign-in that made it. Pushing goes only to
 * the push services the operator allows (PUSH_ENDPOINT_PREFIXES), never to any address a
 * client names.
 */

export const ENDPOINT_MAX = 2048;
/** A sign-in (one browser profile) has one subscription; a few allow for renewals that change the endpoint. */
export const PUSH_SUBSCRIPTIONS_PER_SIGN_IN = 3;
/** One notification goes out as one push per subscription: this bounds the fan-out. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
const NOT_A_URL = 'Enter a valid URL.';
const NOT_ALLOWED = 'This push service is not allowed.';
const BAD_P256DH = "Enter the subscription's p256dh key: a P-256 public key, base64url.";
const BAD_AUTH = "Enter the subscription's auth secret: at least 16 bytes, base64url.";

/** `*` in a prefix stands for one DNS label (WNS hosts vary); everything else is compared as text. */
function startsWithPrefix(text: string, prefix: string): boolean {
  if (!prefix.includes('*')) return text.startsWith(prefix);
  const pattern = prefix
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[a-z0-9-]+');
  return new RegExp(`^${pattern}`, 'i').test(text);
}

/**
 * The endpoint as given, when it is an absolute http(s) URL without user info whose text
 * (as sent and as parsed) starts with an allowed prefix; a 400 field error otherwise.
 */
export function checkEndpoint(endpoint: string, prefixes: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest({ endpoint: [NOT_A_URL] });
  }
  // Spaces, control characters and backslashes are read differently by URL parsers: refused.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this check's purpose.
  if (!/^https?:$/.test(url.protocol) || !url.hostname || /[\s\\\u0000-\u001f\u007f]/.test(endpoint)) {
    throw badRequest({ endpoint: [NOT_A_URL] });
  }
  const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(endpoint)?.[1] ?? '';
  if (url.username || url.password || authority.includes('@')) {
    throw badRequest({ endpoint: ['The URL must not carry user information.'] });
  }
  const allowed = (text: string) => prefixes.some((p) => startsWithPrefix(text, p));
  if (!allowed(endpoint) || !allowed(url.href)) throw badRequest({ endpoint: [NOT_ALLOWED] });
  return endpoint;
}

/** The browser's keys, checked now so that a bad one is a 400 here rather than a failed push later. */
export function checkKeys(keys: { p256dh: string; auth: string }): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  let point = p256dh.length === 65 && p256dh[0] === 4 && /^[A-Za-z0-9_-]+=*$/.test(keys.p256dh);
  if (point) {
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      ecdh.computeSecret(p256dh);
    } catch {
      point = false;
    }
  }
  if (!point) throw badRequest({ keys: [BAD_P256DH] });
  // Browsers make 16 bytes; RFC 8291 (and web-push) need at least that.
  if (auth.length < 16 || !/^[A-Za-z0-9_-]+=*$/.test(keys.auth)) throw badRequest({ keys: [BAD_AUTH] });
}

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  language: PushLanguage;
  /** Unset: every kind for a new subscription, what was held for a known one. */
  kinds?: PushKinds;
}

/**
 * Stores the subscription for this user and sign-in; the same endpoint again (a new sign-in
 * on the device, fresh keys, another language) replaces what was held. `created` tells which.
 */
export async function saveSubscription(db: Database, userId: number, sessionId: string, s: NewSubscription) {
  // Kinds left out keep what a device chose before (a renewal does not reset its switches).
  const fields = {
    user_id: userId,
    session_id: sessionId,
    p256dh: s.p256dh,
    auth: s.auth,
    language: s.language,
    ...(s.kinds ? { kinds: kindsToText(s.kinds) } : {}),
  };
  const row = await db
    .insertInto('push_subscriptions')
    .values({ endpoint: s.endpoint, ...fields })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...fields, updated_at: sql`now()` }))
    // xmax is 0 for a row this statement inserted, set for one it updated.
    .returning(['endpoint', 'language', 'created_at', sql<boolean>`xmax = 0`.as('inserted')])
    .executeTakeFirstOrThrow();
  // Past the caps, the least recently renewed go: the sign-in's first, then the user's.
  const beyond = (cap: number, scope: 'session_id' | 'user_id', value: string | number) =>
    db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where(
        'id',
        'in',
        db
          .selectFrom('push_subscriptions')
          .select('id')
          .where(scope, '=', value)
          .where('user_id', '=', userId)
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .offset(cap),
      )
      .execute();
  await beyond(PUSH_SUBSCRIPTIONS_PER_SIGN_IN, 'session_id', sessionId);
  await beyond(PUSH_SUBSCRIPTIONS_PER_USER, 'user_id', userId);
  return {
    subscription: { endpoint: row.endpoint, language: row.language, created_at: row.created_at.toISOString() },
    created: row.inserted,
  };
}

/** Switches the kinds pushed to the user's subscription with this endpoint; null when they have none. */
export async function setKinds(
  db: Database,
  userId: number,
  endpoint: string,
  kinds: PushKinds,
): Promise<{ endpoint: string; kinds: PushKinds } | null> {
  const row = await db
    .updateTable('push_subscriptions')
    .set({ kinds: kindsToText(kinds), updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .returning(['endpoint', 'kinds'])
    .executeTakeFirst();
  return row ? { endpoint: row.endpoint, kinds: kindsFromText(row.kinds) } : null;
}

/** Forgets the user's subscription with this endpoint; false when they have none. */
export async function deleteSubscription(db: Database, userId: number, endpoint: string): Promise<boolean> {
  const row = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Signing out on a device: its sign-in's subscriptions go, and the named endpoint if it is the user's. */
export async function forgetSignIn(db: Database, userId: number, sessionId: string, endpoint?: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('session_id', '=', sessionId), ...(endpoint ? [eb('endpoint', '=', endpoint)] : [])]))
    .execute();
}
