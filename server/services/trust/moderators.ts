import { sql } from 'kysely';
import type { Database } from '../../db';
import type { UserRow } from '../accounts/sessions';

/**
 * The moderator role (docs/api.md#trust-and-safety): held by the accounts MODERATOR_EMAILS names, as soon
 * as they exist (read on every request, so no start-up step has to find them), and by those granted
 * it with `npm run admin -- grant-moderator <email>` (users.is_moderator).
 */
export function createModeratorCheck(emails: readonly string[] = []) {
  const named = new Set(emails.map((e) => e.trim().toLowerCase()));
  return (user: Pick<UserRow, 'email' | 'is_moderator'> | null): boolean =>
    user !== null && (user.is_moderator || named.has(user.email.toLowerCase()));
}
export type ModeratorCheck = ReturnType<typeof createModeratorCheck>;

/** Grants or revokes the role by hand; answers the account's e-mail, or undefined when there is none. */
export async function setModerator(db: Database, email: string, moderator: boolean): Promise<string | undefined> {
  const row = await db
    .updateTable('users')
    .set({ is_moderator: moderator })
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}
