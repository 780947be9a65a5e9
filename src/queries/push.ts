import { useCallback, useEffect, useState } from 'react';
import { type PushKinds, shouldOfferPush } from '../shared/push';
import { enablePush, pushPermission, pushSupported, setPushKinds, storedKinds, type PushPermission } from '../sync';
import { useLive } from './live';

/**
 * Notifications on this device (docs/product.md#notifications): when to offer them, and the
 * settings' switches. The offer comes once the user has sent a message or an offer (someone is
 * then going to answer), never before; "Not now" holds it back for a week.
 */
const DISMISSED_KEY = 'push_offer_dismissed_at';

function dismissedAt(): number | null {
  try {
    const value = Number(localStorage.getItem(DISMISSED_KEY));
    return value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The browser's answer, followed while the page is open (the user may change it in the browser's settings). */
export function usePushPermission(): [PushPermission, (next: PushPermission) => void] {
  const [permission, setPermission] = useState(pushPermission);
  useEffect(() => {
    if (!pushSupported() || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    const follow = () => setPermission(pushPermission());
    navigator.permissions.query({ name: 'notifications' }).then(
      (s) => {
        status = s;
        s.addEventListener('change', follow);
      },
      () => undefined,
    );
    return () => status?.removeEventListener('change', follow);
  }, []);
  return [permission, setPermission];
}

export interface PushOffer {
  shown: boolean;
  busy: boolean;
  accept(): Promise<void>;
  dismiss(): void;
}

export function usePushOffer(userId: number | null): PushOffer {
  const [permission, setPermission] = usePushPermission();
  const [dismissed, setDismissed] = useState(dismissedAt);
  const [busy, setBusy] = useState(false);
  const hasSent =
    useLive(async ({ db }) => userId !== null && (await db.messages.filter((m) => m.sender.id === userId).first()) !== undefined, [userId])
      .data ?? false;
  const shown = shouldOfferPush({
    supported: permission !== 'unsupported',
    permission: permission === 'unsupported' ? 'default' : permission,
    signedIn: userId !== null,
    hasSent,
    dismissedAt: dismissed,
    now: Date.now(),
  });
  const accept = useCallback(async () => {
    setBusy(true);
    try {
      setPermission(await enablePush());
    } catch (error) {
      console.warn('Could not turn notifications on', error);
      setPermission(pushPermission());
    } finally {
      setBusy(false);
    }
  }, [setPermission]);
  const dismiss = useCallback(() => {
    const now = Date.now();
    localStorage.setItem(DISMISSED_KEY, String(now));
    setDismissed(now);
  }, []);
  return { shown, busy, accept, dismiss };
}

export interface PushSettings {
  permission: PushPermission;
  kinds: PushKinds;
  busy: boolean;
  failed: boolean;
  enable(): Promise<void>;
  setKind(kind: keyof PushKinds, on: boolean): Promise<void>;
}

export function usePushSettings(): PushSettings {
  const [permission, setPermission] = usePushPermission();
  const [kinds, setKinds] = useState(storedKinds);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
    } catch (error) {
      console.warn('Could not change notifications', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);
  const enable = useCallback(() => run(async () => setPermission(await enablePush(kinds))), [run, kinds, setPermission]);
  const setKind = useCallback(
    (kind: keyof PushKinds, on: boolean) =>
      run(async () => {
        const next = { ...kinds, [kind]: on };
        setKinds(next);
        await setPushKinds(next);
      }),
    [run, kinds],
  );
  return { permission, kinds, busy, failed, enable, setKind };
}
