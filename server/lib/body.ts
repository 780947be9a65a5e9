import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { ApiError, badRequest } from './errors';

/** One set of limits for every form body, urlencoded and multipart alike. */
export const FORM_LIMITS = { fields: 100, fieldSize: 100_000, parts: 120 } as const;
/** Real bodies are two or three levels deep; deeper ones are refused before anything walks them. */
export const JSON_MAX_DEPTH = 32;

export const TOO_MANY_FIELDS = 'Too many fields in one request.';
export const TOO_DEEP = 'JSON parse error - the request body is nested too deeply.';

/**
 * PostgreSQL text cannot hold U+0000: DRF's answer for it, before it reaches the database.
 * Checks every string of a body or query, nested ones included, naming the top-level field.
 * A loop, not recursion, so no body can overflow the stack.
 */
export function rejectNullCharacters(input: unknown): void {
  if (!input || typeof input !== 'object') return;
  for (const [field, value] of Object.entries(input)) {
    const pending: unknown[] = [value];
    let holds = field.includes('\u0000');
    while (!holds && pending.length > 0) {
      const item = pending.pop();
      if (typeof item === 'string') holds = item.includes('\u0000');
      else if (item !== null && typeof item === 'object') {
        for (const [key, inner] of Object.entries(item)) {
          if (key.includes('\u0000')) holds = true;
          pending.push(inner);
        }
      }
    }
    if (holds) throw badRequest({ [field.replaceAll('\u0000', '')]: ['Null characters are not allowed.'] });
  }
}

/**
 * Form fields of an urlencoded body, repeated names as arrays: linear in the body's size
 * (each value is appended, never copied), at most FORM_LIMITS.fields pairs, and keys such
 * as "__proto__" or "toString" stay plain keys of a prototype-less object.
 */
export function parseUrlEncoded(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string[]>();
  let pairs = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++pairs > FORM_LIMITS.fields) throw badRequest(TOO_MANY_FIELDS);
    if (value.length > FORM_LIMITS.fieldSize)
      throw badRequest({ [name.slice(0, 100)]: [`Ensure this field has no more than ${FORM_LIMITS.fieldSize} characters.`] });
    const list = fields.get(name);
    if (list) list.push(value);
    else fields.set(name, [value]);
  }
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [name, values] of fields) out[name] = values.length === 1 ? values[0] : values;
  return out;
}

/** How deep the arrays and objects of a JSON text nest, counted without parsing it, stopping past `limit`. */
export function jsonDepthExceeds(text: string, limit = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const MULTIPART_PARSE_ERROR = /boundary|unexpected end|malformed|multipart/i;

/**
 * A broken multipart body (no boundary, a cut part, a bad header) as DRF answers it, a 400;
 * anything else (a full disk, a fault of ours) goes on as it was.
 */
export function multipartError(error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status < 500) return error;
  if (!MULTIPART_PARSE_ERROR.test(error.message)) return error;
  const reason = /boundary not found/i.test(error.message)
    ? 'Invalid boundary in multipart: None'
    : 'the body is not a valid multipart form.';
  return badRequest(`Multipart form parse error - ${reason}`);
}

/** The parts of a multipart body, a broken body answering 400 instead of failing the request. */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw multipartError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}
