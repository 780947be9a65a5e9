import type { Database } from '../db';
import type { NotificationKind } from '../../src/shared/chat';

/** What happened (kind), for the reader's language: the web app words it from kind + params. */
export type { NotificationKind };

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  params: Record<string, string | number>;
  /** English wording, for clients that do not translate kinds. */
  message: string;
  /** An app route to open, e.g. /chat/12 or /products/5. */
  link: string;
}

/** Server-made notifications (DESIGN §5). Call inside the transaction that made the event. */
export async function notify(db: Database, n: NewNotification): Promise<void> {
  await db.insertInto('notifications').values({
    user_id: n.userId, kind: n.kind, params: JSON.stringify(n.params), message: n.message, link: n.link,
  }).execute();
}
