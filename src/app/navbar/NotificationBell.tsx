import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCounts } from '../../data/counts';
import { useAuth } from '../../sync/auth';
import { fetchUnreadNotifications, markAllNotificationsRead, markNotificationRead, type Notification } from '../../sync/notifications';
import Spinner from '../../components/Spinner';
import { formatRelativeTime } from '../format';
import { useDismiss } from '../hooks';
import { BellIcon } from '../icons';
import Badge from './Badge';

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
 * The bell (spec §2, §4): unread badge; opening it fetches the unread notifications, and an
 * item disappears once marked read (by clicking it or its "Mark as read" button).
 */
export default function NotificationBell() {
  const { status } = useAuth();
  const { notifications_unread: unread } = useCounts();
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Notification[] | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const signedIn = status === 'authenticated';

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && signedIn) {
      setItems(null);
      fetchUnreadNotifications().then(setItems);
    }
  };

  const markRead = async (item: Notification) => {
    if (await markNotificationRead(item.id)) setItems((list) => list?.filter((other) => other.id !== item.id) ?? null);
  };

  const markAll = async () => {
    if (await markAllNotificationsRead()) setItems([]);
  };

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
      <button type="button" className="nav-button" aria-label={label} title={t`Notifications`} aria-expanded={open}
        aria-controls={panelId} onClick={toggle}>
        <BellIcon />
        {signedIn ? <Badge count={unread} /> : null}
      </button>
      {open ? (
        <div id={panelId} className="dropdown__menu dropdown__menu--end notifications" role="region" aria-label={t`Notifications`}>
          <div className="notifications__header">
            <p className="notifications__title"><Trans>Notifications</Trans></p>
            {signedIn && items && items.length > 1 ? (
              <button type="button" className="button button--ghost button--small" onClick={markAll}><Trans>Mark all as read</Trans></button>
            ) : null}
          </div>
          {!signedIn ? (
            <p className="notifications__empty">
              <Trans>Log in to see your notifications.</Trans>{' '}
              <Link href="/login" onClick={close}><Trans>Login</Trans></Link>
            </p>
          ) : items === null ? (
            <Spinner inline />
          ) : items.length === 0 ? (
            <p className="notifications__empty"><Trans>No new notifications</Trans></p>
          ) : (
            <ul className="notifications__list">
              {items.map((item) => (
                <li key={item.id} className="notifications__item">
                  <button type="button" className="notifications__open" onClick={() => openItem(item)}>
                    <span className="notifications__message">{item.message}</span>
                    <time className="notifications__time" dateTime={item.created_at}>{formatRelativeTime(item.created_at)}</time>
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => markRead(item)}>
                    <Trans>Mark as read</Trans>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
