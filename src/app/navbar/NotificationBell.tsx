import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCounts } from '@/queries/counts';
import { useNotifications, markAllNotificationsRead, markNotificationRead } from '@/queries/notifications';
import { useCurrency } from '@/queries/rates';
import type { Notification } from '@/shared/chat';
import { useAuth } from '@/queries/auth';
import { syncNow } from '@/queries/status';
import DataState from '@/components/DataState';
import { formatRelativeTime } from '@/shared/format';
import { useDismiss } from '../hooks';
import { BellIcon } from '@/components/icons';
import Badge from './Badge';
import { notificationText } from './notificationText';

/** Links from the server are paths of this app; anything else opens nowhere. */
function appPath(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/**
 * The bell (docs/product.md#screens, #notifications): unread badge; opening it pulls at once and lists the unread
 * notifications from the device, worded in the reader's language; an item disappears once
 * marked read (by clicking it, which follows its link, or by its "Mark as read" button).
 */
export default function NotificationBell() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const { notifications_unread: unread } = useCounts();
  const { data: items, status: itemsStatus } = useNotifications({ unreadOnly: true });
  const { format } = useCurrency();
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    // A failed pull is only logged (docs/product.md#messages): the list shows what the device holds.
    if (next && signedIn) syncNow().catch((error) => console.warn('Could not refresh the notifications', error));
  };

  const markRead = (item: Notification) => markNotificationRead(item.id);

  const openItem = async (item: Notification) => {
    const path = appPath(item.link);
    await markRead(item);
    if (path) {
      close();
      navigate(path);
    }
  };

  const label = signedIn && unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`;
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="nav-button"
        aria-label={label}
        title={t`Notifications`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon />
        {signedIn ? <Badge count={unread} /> : null}
      </button>
      {open ? (
        <section id={panelId} className="dropdown__menu dropdown__menu--end notifications" aria-label={t`Notifications`}>
          <div className="notifications__header">
            <p className="notifications__title">
              <Trans>Notifications</Trans>
            </p>
            {signedIn && items && items.length > 0 ? (
              <button type="button" className="button button--ghost button--small" onClick={() => markAllNotificationsRead()}>
                <Trans>Mark all as read</Trans>
              </button>
            ) : null}
          </div>
          {!signedIn ? (
            <p className="notifications__empty">
              <Trans>Log in to see your notifications.</Trans>{' '}
              <Link href="/login" onClick={close}>
                <Trans>Log in</Trans>
              </Link>
            </p>
          ) : (
            <DataState
              status={itemsStatus}
              isEmpty={!items?.length}
              inline
              empty={
                <p className="notifications__empty">
                  <Trans>No new notifications</Trans>
                </p>
              }
            >
              <ul className="notifications__list">
                {items?.map((item) => (
                  <li key={item.id} className="notifications__item">
                    <button type="button" className="notifications__open" onClick={() => openItem(item)}>
                      <span className="notifications__message">{notificationText(item, format)}</span>
                      <time className="notifications__time" dateTime={item.created_at}>
                        {formatRelativeTime(item.created_at)}
                      </time>
                    </button>
                    <button type="button" className="button button--ghost button--small" onClick={() => markRead(item)}>
                      <Trans>Mark as read</Trans>
                    </button>
                  </li>
                ))}
              </ul>
            </DataState>
          )}
        </section>
      ) : null}
    </div>
  );
}
