import type { CategoryRow } from '../db/db';
import { api } from '../sync';
import { useLive } from './live';

const NONE: CategoryRow[] = [];

/** Every category in the server's order, live; an empty list until the first pull arrives. */
export function useCategories(): CategoryRow[] {
  return useLive(({ db }) => db.categories.orderBy('position').toArray(), []).data ?? NONE;
}

/** The categories as the server has them now (forms that offer them fetch them fresh). */
export const fetchCategories = (): ReturnType<typeof api.categories> => api.categories();
