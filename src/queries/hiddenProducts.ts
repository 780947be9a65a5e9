import { useEffect, useSyncExternalStore } from 'react';
import type { Product } from '../shared/catalogue';
import { api, ApiError, isOnline, useConnectivity } from '../sync';

/**
 * A supplier's products a moderator hid (docs/api.md#trust-and-safety). Only their supplier reads
 * them, so the device's catalogue never holds them (it is everyone's who signs in on the device,
 * src/sync/pull/apply.ts `putProducts`): they are asked of the server when a screen shows them and
 * kept in memory for the session, with the appeal sent from here.
 */

export type HiddenStatus = 'loading' | 'ready' | 'offline' | 'error';
/** One product asked for by its page: hidden (held here), or not found for this supplier. */
export type HiddenLookup = 'loading' | 'hidden' | 'missing' | 'offline' | 'error';

interface State {
  owner: number | null;
  products: ReadonlyMap<number, Product>;
  /** The list of them (GET /api/me/hidden-products/), once asked. */
  list: number[] | null;
  listStatus: HiddenStatus;
  lookups: ReadonlyMap<number, HiddenLookup>;
}

const NOBODY: State = { owner: null, products: new Map(), list: null, listStatus: 'loading', lookups: new Map() };
let state: State = NOBODY;
const listeners = new Set<() => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function claim(owner: number) {
  if (state.owner !== owner) state = { ...NOBODY, owner };
}

function remember(products: Product[]) {
  const next = new Map(state.products);
  for (const product of products) next.set(product.id, product);
  return next;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;
const serverSnapshot = () => NOBODY;

async function loadList(owner: number): Promise<void> {
  if (!isOnline()) {
    if (state.list === null) set({ listStatus: 'offline' });
    return;
  }
  set({ listStatus: state.list === null ? 'loading' : state.listStatus });
  try {
    const products = await api.hiddenProducts();
    if (state.owner === owner) set({ products: remember(products), list: products.map((p) => p.id), listStatus: 'ready' });
  } catch {
    if (state.owner === owner) set({ listStatus: isOnline() ? 'error' : 'offline' });
  }
}

async function lookUp(owner: number, id: number): Promise<void> {
  const lookups = (status: HiddenLookup) => new Map(state.lookups).set(id, status);
  if (!isOnline()) {
    set({ lookups: lookups('offline') });
    return;
  }
  set({ lookups: lookups('loading') });
  try {
    const product = await api.product(id);
    if (state.owner !== owner) return;
    set({ products: product.is_hidden ? remember([product]) : state.products, lookups: lookups(product.is_hidden ? 'hidden' : 'missing') });
  } catch (error) {
    if (state.owner !== owner) return;
    const status = error instanceof ApiError && error.status === 404 ? 'missing' : isOnline() ? 'error' : 'offline';
    set({ lookups: lookups(status) });
  }
}

/** The supplier's hidden products (their listings screen), asked of the server when it opens. */
export function useHiddenProducts(supplierId: number | undefined): { products: Product[]; status: HiddenStatus; reload(): void } {
  const current = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const online = useConnectivity();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the connection comes back (`online`).
  useEffect(() => {
    if (supplierId === undefined) return;
    claim(supplierId);
    void loadList(supplierId);
  }, [supplierId, online]);
  const mine = supplierId !== undefined && current.owner === supplierId;
  const ids = mine ? (current.list ?? []) : [];
  return {
    products: ids.flatMap((id) => current.products.get(id) ?? []),
    status: mine ? current.listStatus : 'loading',
    reload: () => supplierId !== undefined && void loadList(supplierId),
  };
}

/**
 * A product the device does not hold, asked of the server for its supplier (`supplierId`, when the
 * reader is a supplier): `hidden` with the product when it is theirs and hidden. Asked once a session;
 * `retry` asks again (after being offline).
 */
export function useHiddenProduct(
  id: number,
  supplierId: number | undefined,
): { product: Product | null; status: HiddenLookup; retry(): void } {
  const current = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const online = useConnectivity();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the connection comes back (`online`).
  useEffect(() => {
    if (supplierId === undefined) return;
    claim(supplierId);
    const known = state.lookups.get(id);
    if (state.products.has(id) || known === 'loading' || known === 'missing') return;
    void lookUp(supplierId, id);
  }, [id, supplierId, online]);
  const mine = supplierId !== undefined && current.owner === supplierId;
  const product = mine ? (current.products.get(id) ?? null) : null;
  return {
    product,
    status: product ? 'hidden' : mine ? (current.lookups.get(id) ?? 'loading') : 'missing',
    retry: () => supplierId !== undefined && void lookUp(supplierId, id),
  };
}

/**
 * The supplier's one appeal of a hidden product; the product then reads as appealed. A refusal
 * (already appealed, no longer hidden) is thrown for the screen to show, and the product is asked
 * again so the screen shows where it stands.
 */
export async function appealHiddenProduct(product: Product, details: string): Promise<void> {
  const owner = state.owner;
  try {
    const appeal = await api.appealProduct(product.id, details);
    if (state.owner === owner) set({ products: remember([{ ...product, appealed_at: appeal.created_at }]) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && owner !== null) void lookUp(owner, product.id);
    throw error;
  }
}
