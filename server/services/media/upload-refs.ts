import { sql } from 'kysely';
import type { Database } from '../../db';
import type { UploadResult } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { CONTENT_TYPES, UNSUPPORTED_TYPE, type MediaKind, type StoredMedia } from './store';

/**
 * A finished resumable upload named in a form in place of a file part (`<field>_upload`,
 * docs/api.md#additions): a picture over 1 MB reaches a product, a logo or a profile picture
 * through /api/uploads/, so a cut connection resumes instead of sending the form again.
 */

/** The id in an upload's URL ("/api/uploads/<id>/", relative or absolute) or the bare id. */
const UPLOAD_REF = /^(?:.*\/api\/uploads\/)?([0-9a-f]{32})\/?$/;
/** Unfinished uploads expire after this (services/media/uploads.ts); a finished one may be named within it. */
const NAMED_WITHIN_MS = 24 * 60 * 60_000;

export const UNKNOWN_UPLOAD = 'No finished upload of yours has this address: upload the file first, or send it again.';

const KIND_OF: Record<string, MediaKind> = { image: 'image', video: 'video', raw: 'pdf' };

/**
 * Takes the user's own finished upload for `field`: it is used once (the row goes, so it can
 * never be named again, here or by another request at the same moment), and must be of the
 * field's kinds. Anything else is a 400 naming `<field>_upload`, and the upload stays usable.
 */
export async function takeUpload(
  db: Database,
  owner: number,
  ref: unknown,
  rule: { field: string; kinds: MediaKind[] },
): Promise<StoredMedia> {
  const name = `${rule.field}_upload`;
  const id = typeof ref === 'string' ? UPLOAD_REF.exec(ref.trim())?.[1] : undefined;
  if (!id) throw badRequest({ [name]: [UNKNOWN_UPLOAD] });
  const since = new Date(Date.now() - NAMED_WITHIN_MS);
  const row = await db
    .selectFrom('uploads')
    .select('result')
    .where('id', '=', id)
    .where('user_id', '=', owner)
    .where('result', 'is not', null)
    .where('created_at', '>', since)
    .executeTakeFirst();
  const result = row?.result as UploadResult | null | undefined;
  const path = result ? /(\/media\/[0-9a-f]{64}\.([a-z0-9]+))$/.exec(result.secure_url) : null;
  const kind = result ? KIND_OF[result.resource_type] : undefined;
  if (!result || !path || !kind || !CONTENT_TYPES[path[2]]) throw badRequest({ [name]: [UNKNOWN_UPLOAD] });
  if (!rule.kinds.includes(kind)) throw badRequest({ [name]: [UNSUPPORTED_TYPE] });
  // One use: whoever deletes the row has it.
  const taken = await db
    .deleteFrom('uploads')
    .where('id', '=', id)
    .where('user_id', '=', owner)
    .where(sql<boolean>`result is not null`)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) throw badRequest({ [name]: [UNKNOWN_UPLOAD] });
  return { path: path[1], kind, format: path[2], bytes: Number(result.bytes), contentType: CONTENT_TYPES[path[2]] };
}
