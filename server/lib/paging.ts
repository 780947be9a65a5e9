import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import type { Page } from '@/shared/types';
import { SERVER_MESSAGES } from '@/shared/messages';

export type { Page };

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The deepest `offset` a product list reads as such; deeper pages are reached through `next` links. */
export const OFFSET_WINDOW = 10_000;
/** Only API clients paging by hand meet it (the app follows `next`), so it is not translated. */
export const OFFSET_BEYOND_WINDOW = `Pages past the first ${OFFSET_WINDOW} products are reached by following the next links.`;

/** limit/offset from the query string (docs/api.md#data-formats-and-paging), with DRF's messages for bad numbers. */
export function readPaging(request: FastifyRequest, defaultLimit = DEFAULT_PAGE_SIZE) {
  const query = request.query as Record<string, unknown>;
  const limit = readNonNegative(query.limit, 'limit') ?? defaultLimit;
  const offset = readNonNegative(query.offset, 'offset') ?? 0;
  return { limit: Math.min(Math.max(limit, 1), MAX_PAGE_SIZE), offset };
}

function readNonNegative(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw badRequest({ [name]: [SERVER_MESSAGES.NOT_NON_NEGATIVE] });
  return n;
}

/**
 * The DRF page envelope, with next/previous links that keep the other query parameters:
 * absolute from PUBLIC_URL when it is configured, else relative to this origin. Never built
 * from the Host header, which any client can write.
 */
export function page<T>(
  request: FastifyRequest,
  results: T[],
  count: number,
  paging: { limit: number; offset: number },
  /** The request's path and query to link from (a normalized one); the request's own when unset. */
  from: string = request.url,
  /**
   * Lists that read one row more than the page know whether a next page exists (`more`), and
   * the `next` link may name the page's last item (`after`) to seek to it (the catalogue's product lists).
   */
  seek?: { more: boolean; after?: number; estimated?: boolean; did_you_mean?: string },
): Page<T> {
  const publicUrl = request.server.config.publicUrl?.replace(/\/+$/, '');
  const link = (offset: number, after?: number) => {
    const url = new URL(from, 'http://origin.invalid');
    url.searchParams.set('limit', String(paging.limit));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    else url.searchParams.delete('offset');
    // Within the window the links are DRF's to the letter; past it they seek from the last item.
    if (after !== undefined && offset > OFFSET_WINDOW) url.searchParams.set('after', String(after));
    else url.searchParams.delete('after');
    return `${publicUrl ?? ''}${url.pathname}${url.search}`;
  };
  const more = seek ? seek.more : paging.offset + paging.limit < count;
  return {
    count,
    next: more ? link(paging.offset + paging.limit, seek?.after) : null,
    previous: paging.offset > 0 ? link(Math.max(paging.offset - paging.limit, 0)) : null,
    results,
    // Said only when true, so exact answers keep the DRF shape to the letter.
    ...(seek?.estimated ? { count_estimated: true } : {}),
    ...(seek?.did_you_mean ? { did_you_mean: seek.did_you_mean } : {}),
  };
}
