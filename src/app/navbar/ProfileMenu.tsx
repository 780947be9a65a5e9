import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { useAuth } from '@/queries/auth';
import { useSignOut } from '@/components/SignOut';
import { useDismiss } from '../hooks';
import { BoxIcon, ChatIcon, ChevronDownIcon, FlagIcon, LogoutIcon, PlusIcon, UserIcon } from '@/components/icons';

/** The signed-in user's menu: greeting, my profile, orders, requests for quotation (post one, see them), add product (suppliers), moderation (moderators), logout. */
export default function ProfileMenu() {
  const { user } = useAuth();
  const leave = useSignOut();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  if (!user) return null;
  const firstName = user.first_name;

  // Signing out clears the device's copy of the user's data: the shared warning comes first.
  const signOut = async () => {
    close();
    await leave();
  };

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="nav-link profile-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon />{' '}
        <span className="profile-button__greeting">
          <Trans>Hi, {firstName}</Trans>
        </span>{' '}
        <ChevronDownIcon />
      </button>
      {open ? (
        <ul id={menuId} className="dropdown__menu dropdown__menu--end">
          <li>
            <Link href="/profile" className="dropdown__item" onClick={close}>
              <UserIcon /> <Trans>My profile</Trans>
            </Link>
          </li>
          <li>
            <Link href="/orders" className="dropdown__item" onClick={close}>
              <BoxIcon /> <Trans>Orders</Trans>
            </Link>
          </li>
          <li>
            <Link href="/requests/new" className="dropdown__item" onClick={close}>
              <PlusIcon /> <Trans>Post a request</Trans>
            </Link>
          </li>
          <li>
            <Link href="/requests" className="dropdown__item" onClick={close}>
              <ChatIcon /> <Trans>Requests for quotation</Trans>
            </Link>
          </li>
          {user.user_type === 'SUPPLIER' ? (
            <li>
              <Link href="/products/add" className="dropdown__item" onClick={close}>
                <PlusIcon /> <Trans>Add product</Trans>
              </Link>
            </li>
          ) : null}
          {user.is_moderator ? (
            <li>
              <Link href="/moderation" className="dropdown__item" onClick={close}>
                <FlagIcon /> <Trans>Moderation</Trans>
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" className="dropdown__item" onClick={signOut}>
              <LogoutIcon /> <Trans>Logout</Trans>
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
