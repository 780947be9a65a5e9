import type { FastifyRequest } from 'fastify';
import type { MediaKind, StoredMedia } from '../services/media';
import { badRequest } from './errors';

export interface FileRule { max: number; kinds: MediaKind[] }
export interface FormOptions { files?: Record<string, FileRule>; arrays?: string[] }
export interface Form { fields: Record<string, unknown>; files: Record<string, StoredMedia[]> }

/**
 * PostgreSQL text cannot hold U+0000: DRF's answer for it, before it reaches the database.
 * Checks every string of a body or query, nested ones included, naming the top-level field.
 */
export function rejectNullCharacters(input: unknown): void {
  if (!input || typeof input !== 'object') return;
  const holds = (value: unknown): boolean =>
    typeof value === 'string' ? value.includes('\u0000')
      : Array.isArray(value) ? value.some(holds)
        : value !== null && typeof value === 'object' ? Object.values(value).some(holds) : false;
  for (const [field, value] of Object.entries(input)) {
    if (holds(value) || field.includes('\u0000')) throw badRequest({ [field.replace(/\u0000/g, '')]: ['Null characters are not allowed.'] });
  }
}

/** Form fields of an urlencoded body, repeated names as arrays. */
export function parseUrlEncoded(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const previous = fields[name];
    fields[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return fields;
}

/**
 * The body of a write, multipart (spec §7 sends most writes as forms) or JSON alike.
 * Files are checked by content and stored as they stream in; repeated fields and the
 * declared list fields come back as arrays. Validate `fields` with a zod schema afterwards.
 */
export async function readForm(request: FastifyRequest, options: FormOptions = {}): Promise<Form> {
  const arrays = new Set(options.arrays ?? []);
  const files: Record<string, StoredMedia[]> = {};
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const name of arrays) if (fields[name] !== undefined && !Array.isArray(fields[name])) fields[name] = [fields[name]];
    return { fields, files };
  }
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const rule = options.files?.[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw badRequest({ [part.fieldname]: ['Unknown field.'] });
      }
      const list = (files[part.fieldname] ??= []);
      if (list.length >= rule.max) {
        part.file.resume();
        throw badRequest({ [part.fieldname]: [`Ensure this field has no more than ${rule.max} files.`] });
      }
      list.push(await request.server.media.save(part.file, { kinds: rule.kinds, field: part.fieldname }));
    } else {
      const value = String(part.value);
      rejectNullCharacters({ [part.fieldname]: value });
      const previous = fields[part.fieldname];
      if (previous === undefined) fields[part.fieldname] = arrays.has(part.fieldname) ? [value] : value;
      else fields[part.fieldname] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
  }
  return { fields, files };
}
