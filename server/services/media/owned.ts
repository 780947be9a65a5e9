import type { Database } from '../../db';

/** How the media store finds the file a URL of ours points at (services/media/store.ts). */
export type ResolveMedia = (url: string) => Promise<{ path: string; format: string } | undefined>;

/**
 * The stored path of a file of ours that `userId` uploaded (the upload ledger, media_uploads,
 * names its uploader), in one of `formats`; undefined otherwise. A URL someone sends as
 * "my upload" is checked so: nobody can pass off another user's file as theirs.
 */
export async function ownUpload(
  db: Database,
  resolve: ResolveMedia,
  userId: number,
  url: string,
  formats: readonly string[],
): Promise<string | undefined> {
  const file = await resolve(url);
  if (!file || !formats.includes(file.format)) return undefined;
  const owned = await db
    .selectFrom('media_uploads')
    .select('id')
    .where('user_id', '=', userId)
    .where('path', '=', file.path)
    .executeTakeFirst();
  return owned ? file.path : undefined;
}
