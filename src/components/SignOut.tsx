import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { useLive } from '../queries/live';
import { useAuth } from '../queries/auth';
import { unsentCount, useConnectivity } from '../queries/status';

/**
 * Every way out (the navbar's menu, Settings, account deletion) asks the same question when
 * changes have not been sent yet (docs/product.md): wait for them to go, sign out anyway
 * (they are dropped), or cancel. The dialog lives in the shell; the screens ask through
 * `useSignOut` or `confirmLeaving`.
 */

interface Question {
  userId: number;
  count: number;
  waiting: boolean;
  answer: (leave: boolean) => void;
}

let question: Question | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function settle(leave: boolean): void {
  const current = question;
  question = null;
  emit();
  current?.answer(leave);
}

/** Resolves true when the user may leave now: nothing unsent, they waited for it, or chose to drop it. */
export async function confirmLeaving(userId: number): Promise<boolean> {
  const count = await unsentCount(userId);
  if (count === 0) return true;
  if (question) settle(false);
  return new Promise<boolean>((answer) => {
    question = { userId, count, waiting: false, answer };
    emit();
  });
}

/** Signs out after the warning; answers whether it did. */
export function useSignOut(): () => Promise<boolean> {
  const { user, logout } = useAuth();
  const [, navigate] = useLocation();
  return async () => {
    if (!user || !(await confirmLeaving(user.id))) return false;
    await logout();
    navigate('/login', { replace: true });
    return true;
  };
}

/** The question, over the shell, while one is asked. */
export function SignOutDialog() {
  const current = useSyncExternalStore(
    subscribe,
    () => question,
    () => null,
  );
  if (!current) return null;
  return <Dialog question={current} />;
}

function Dialog({ question: q }: { question: Question }) {
  const id = useId();
  // The safe choice has the focus when the question appears.
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const online = useConnectivity();
  // What is still on its way; refused changes cannot go, waiting does not wait for them.
  const left =
    useLive(async ({ db }) => db.outbox.filter((e) => e.user_id === q.userId && e.state !== 'failed').count(), [q.userId]).data ?? q.count;
  useEffect(() => {
    if (q.waiting && left === 0) settle(true);
  }, [q.waiting, left]);
  const count = q.waiting ? left : q.count;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop cancels; the keyboard cancels with Escape.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop cancels; the keyboard cancels with Escape.
    <div
      className="modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) settle(false);
      }}
    >
      <div
        className="modal card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={(event) => event.key === 'Escape' && settle(false)}
      >
        <h2 id={`${id}-title`}>
          <Trans>Changes not sent yet</Trans>
        </h2>
        <p id={`${id}-text`}>
          {q.waiting ? (
            online ? (
              <Plural value={count} one="Sending # change…" other="Sending # changes…" />
            ) : (
              <Plural value={count} one="# change waits for the connection…" other="# changes wait for the connection…" />
            )
          ) : (
            <Plural
              value={count}
              one="# change has not been sent yet. Signing out now drops it."
              other="# changes have not been sent yet. Signing out now drops them."
            />
          )}
        </p>
        <div className="sign-out__actions">
          {q.waiting ? null : (
            <button
              type="button"
              className="button button--primary"
              ref={first}
              onClick={() => {
                question = { ...q, waiting: true };
                emit();
              }}
            >
              <Trans>Wait until they are sent</Trans>
            </button>
          )}
          <button type="button" className="button button--danger" onClick={() => settle(true)}>
            <Trans>Sign out anyway</Trans>
          </button>
          <button type="button" className="button button--ghost" onClick={() => settle(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
