import type { Language } from '../shared/constants';
import type { Page } from '../shared/types';
import type { Banner, Product } from '../shared/catalogue';

/**
 * The data of a page's first render, the same on both sides (docs/architecture.md): the server
 * renders a landing page from it (server/web/landing.ts) and embeds it in the page; the browser
 * hydrates that HTML from the very same answers (src/main.tsx), so its first render matches
 * and nothing is fetched twice. The hooks read it where, afterwards, they read the device.
 *
 * `answers` are the API's own answers by the URL the app asks for them; `wanted` collects the
 * URLs a server render asked for and did not find, so the server fetches them and renders again.
 */
export interface FirstRender {
  language: Language;
  /** The visitor's currency as the server knows it (a cookie), with the rates it rendered with. */
  currency: string;
  rates: Record<string, number> | null;
  answers: Record<string, unknown>;
  /** The server's clock when it rendered the page (ms): countdowns hydrate from it (src/queries/clock.ts). */
  renderedAt?: number;
  wanted?: Set<string>;
}

let current: FirstRender | null = null;

/** The first render's data while a page is rendered from it (server) or hydrated (browser), else null. */
export function firstRender(): FirstRender | null {
  return current;
}

export function setFirstRender(value: FirstRender | null): void {
  current = value;
}

/** An answer of the first render by its URL; a server render notes the ones it lacks. */
export function firstAnswer<T>(url: string): T | undefined {
  if (!current) return undefined;
  const answer = current.answers[url] as T | undefined;
  if (answer === undefined) current.wanted?.add(url);
  return answer;
}

export type ListAnswer = Page<Product>;
export const BANNERS_URL = '/api/banners/';

/** A seller's public page of a server-rendered seller page (GET /api/users/{id}/), while it is rendered or hydrated. */
export function firstSeller<T>(id: number): T | undefined {
  return firstAnswer<T>(`/api/users/${id}/`) ?? undefined;
}

/** The banners of a server-rendered page (the home's carousel), while it is rendered or hydrated. */
export function firstBanners(): Banner[] | undefined {
  const answer = firstAnswer<Banner[] | Page<Banner>>(BANNERS_URL);
  return answer ? (Array.isArray(answer) ? answer : answer.results) : undefined;
}
export const productUrl = (id: number) => `/api/products/${id}/`;
