import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import type { Page } from '@/shared/types';
import { SERVER_MESSAGES } from '@/shared/messages';

export type { Page };

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

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
): Page<T> {
  const publicUrl = request.server.config.publicUrl?.replace(/\/+$/, '');
  const link = (offset: number) => {
    const url = new URL(from, 'http://origin.invalid');
    url.searchParams.set('limit', String(paging.limit));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    else url.searchParams.delete('offset');
    return `${publicUrl ?? ''}${url.pathname}${url.search}`;
  };
  return {
    count,
    next: paging.offset + paging.limit < count ? link(paging.offset + paging.limit) : null,
    previous: paging.offset > 0 ? link(Math.max(paging.offset - paging.limit, 0)) : null,
    results,
  };
}
