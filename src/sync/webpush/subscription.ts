import type { PushKinds } from '../../shared/push';
import { ApiError, request } from '../api/client';
import { KINDS_KEY, pushPermission, pushSupported, storedKinds, type PushPermission } from './state';

export type { PushPermission };

/**
 * This device's Web Push subscription (docs/api.md): the browser's PushManager, subscribed
 * with the server's VAPID key and handed to POST /api/push/subscriptions/ with the app's
 * language and the kinds switched on. The kinds are remembered on the device too, so the
 * settings show them offline and a new subscription (after signing in again) keeps them.
 */
function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function subscription(create: boolean): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  const current = await registration.pushManager.getSubscription();
  if (current || !create) return current;
  const { public_key } = await request<{ public_key: string }>('push/key/');
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(public_key) });
}

function language(): string {
  return typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
}

/**
 * Subscribes (asking the browser's permission first if it has no answer yet) and tells the
 * server. Answers the permission the browser ended with.
 */
export async function enablePush(kinds: PushKinds = storedKinds()): Promise<PushPermission> {
  if (!pushSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return permission;
  const subscribed = await subscription(true);
  if (subscribed) {
    await request('push/subscriptions/', { method: 'POST', body: { ...subscribed.toJSON(), language: language(), kinds } });
    localStorage.setItem(KINDS_KEY, JSON.stringify(kinds));
  }
  return permission;
}

/**
 * Signed in with permission already granted: the server holds this device's subscription for
 * this user (a sign-out on the device removed it there). Quiet; a failure waits for next time.
 */
let renewedFor: number | null = null;

export async function renewPush(userId: number): Promise<void> {
  if (pushPermission() !== 'granted' || renewedFor === userId) return;
  renewedFor = userId;
  try {
    await enablePush();
  } catch (error) {
    renewedFor = null;
    throw error;
  }
}

/** Switches the kinds pushed to this device. */
export async function setPushKinds(kinds: PushKinds): Promise<void> {
  const subscribed = pushSupported() && Notification.permission === 'granted' ? await subscription(false) : null;
  localStorage.setItem(KINDS_KEY, JSON.stringify(kinds));
  if (!subscribed) return;
  try {
    await request('push/subscriptions/', { method: 'PATCH', body: { endpoint: subscribed.endpoint, kinds } });
  } catch (error) {
    // The server no longer holds it (the push service expired it, a sign-out elsewhere): subscribe afresh.
    if (error instanceof ApiError && error.status === 404) await enablePush(kinds);
    else throw error;
  }
}
