import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { multipartError, multipartParts, rejectNullCharacters } from '../../lib/body';
import { requireUploader, type MediaKind, type StoredMedia } from './store';
import { takeUpload } from './upload-refs';
import { NOT_A_DICTIONARY } from '@/shared/validation';

export interface FileRule {
  max: number;
  kinds: MediaKind[];
}
export interface FormOptions {
  files?: Record<string, FileRule>;
  arrays?: string[];
}
export interface Form {
  fields: Record<string, unknown>;
  files: Record<string, StoredMedia[]>;
}

/**
 * The body of a write, multipart (the web app sends most writes as forms, docs/api.md#data-formats-and-paging) or JSON alike.
 * Files are checked by content and stored as they stream in; repeated fields and the
 * declared list fields come back as arrays. Validate `fields` with a zod schema afterwards.
 * Files count against the signed-in user's upload quotas.
 */
export async function readForm(request: FastifyRequest, options: FormOptions = {}): Promise<Form> {
  const arrays = new Set(options.arrays ?? []);
  const files: Record<string, StoredMedia[]> = Object.create(null);
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest({ non_field_errors: [NOT_A_DICTIONARY] });
    const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const name of arrays) if (fields[name] !== undefined && !Array.isArray(fields[name])) fields[name] = [fields[name]];
    for (const [field, rule] of Object.entries(options.files ?? {})) {
      const refs = fields[`${field}_upload`];
      delete fields[`${field}_upload`];
      for (const ref of refs === undefined ? [] : Array.isArray(refs) ? refs : [refs]) await addUpload(request, files, field, rule, ref);
    }
    return { fields, files };
  }
  const fields: Record<string, unknown> = Object.create(null);
  for await (const part of multipartParts(request)) {
    if (part.type === 'file') {
      const rule = Object.hasOwn(options.files ?? {}, part.fieldname) ? options.files?.[part.fieldname] : undefined;
      if (!rule) {
        part.file.resume();
        throw badRequest({ [part.fieldname.slice(0, 100)]: ['Unknown field.'] });
      }
      files[part.fieldname] ??= [];
      const list = files[part.fieldname];
      if (list.length >= rule.max) {
        part.file.resume();
        throw badRequest({ [part.fieldname]: [`Ensure this field has no more than ${rule.max} files.`] });
      }
      try {
        // Files are taken from confirmed accounts only, within their allowances (services/media/store.ts).
        const owner = requireUploader(request.user);
        list.push(await request.server.media.save(part.file, { kinds: rule.kinds, field: part.fieldname, owner }));
      } catch (error) {
        part.file.resume();
        throw multipartError(error);
      }
    } else {
      const value = String(part.value);
      rejectNullCharacters({ [part.fieldname]: value });
      // A finished upload named in place of a file part takes that file's place, in order.
      const uploaded = /^(.+)_upload$/.exec(part.fieldname)?.[1];
      const rule = uploaded && Object.hasOwn(options.files ?? {}, uploaded) ? options.files?.[uploaded] : undefined;
      if (uploaded && rule) {
        await addUpload(request, files, uploaded, rule, value);
        continue;
      }
      const previous = fields[part.fieldname];
      if (previous === undefined) fields[part.fieldname] = arrays.has(part.fieldname) ? [value] : value;
      else if (Array.isArray(previous)) previous.push(value);
      else fields[part.fieldname] = [previous, value];
    }
  }
  return { fields, files };
}

/**
 * A finished resumable upload in place of a file (`<field>_upload`, docs/api.md#additions):
 * the asker's own, of the field's kinds, used once, counted with the field's files.
 */
async function addUpload(request: FastifyRequest, files: Record<string, StoredMedia[]>, field: string, rule: FileRule, ref: unknown) {
  const owner = requireUploader(request.user);
  files[field] ??= [];
  if (files[field].length >= rule.max) throw badRequest({ [field]: [`Ensure this field has no more than ${rule.max} files.`] });
  files[field].push(await takeUpload(request.server.db, owner, ref, { field, kinds: rule.kinds }));
}
