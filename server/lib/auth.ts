import type { FastifyRequest } from 'fastify';
import { forbidden, notAuthenticated } from './errors';
import { SERVER_MESSAGES } from '@/shared/messages';

/**
 * The signed-in user's row, as the sign-in check puts it on the request
 * (registerAuth of the accounts domain, which declares `request.user`). The guards below only read it.
 */
export type UserRow = NonNullable<FastifyRequest['user']>;

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

export const UNVERIFIED = SERVER_MESSAGES.UNVERIFIED;

/** Writing products, reviews, favourites and messages needs a confirmed email (docs/product.md#roles-and-permissions). */
export function requireVerified(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.is_verified) throw forbidden(UNVERIFIED);
  return user;
}

/** The caller must be of this account type; one guard for every type check (docs/product.md#roles-and-permissions). */
function requireType(user: UserRow, type: 'SUPPLIER' | 'BUYER', message: string): UserRow {
  if (user.user_type !== type) throw forbidden(message);
  return user;
}

export const requireSupplier = (request: FastifyRequest) =>
  requireType(requireVerified(request), 'SUPPLIER', SERVER_MESSAGES.ONLY_SUPPLIERS);

export const requireBuyer = (request: FastifyRequest) => requireType(requireVerified(request), 'BUYER', SERVER_MESSAGES.ONLY_BUYERS);

/** The caller's own supplier or buyer profile: signed in as that type (a confirmed email is not needed to read or edit it). */
export const requireProfileOwner = (request: FastifyRequest, type: 'SUPPLIER' | 'BUYER') =>
  requireType(
    requireUser(request),
    type,
    type === 'SUPPLIER' ? SERVER_MESSAGES.ONLY_SUPPLIERS_HAVE_PROFILE : SERVER_MESSAGES.ONLY_BUYERS_HAVE_PROFILE,
  );
