import { putInterimList } from '../data/interim';
import { listKey, type ListQuery } from '../data/listQuery';
import { api } from './api';

/**
 * A first visit's first screen, fetched while the local database's chunk is held back
 * (src/data/local.ts): each list's first page goes into memory (src/data/interim.ts), the
 * same request as ensureList's, so index.html's preload of it is used. `firstAnswers`
 * settles once every page asked for so far has come in (or failed) and has been painted.
 */
const asked = new Map<string, Promise<void>>();
let pending = 0;
let settle: () => void = () => undefined;
export const firstAnswers = new Promise<void>((resolve) => {
  settle = resolve;
});

export function fetchInterimList(query: ListQuery): Promise<void> {
  const key = listKey(query);
  let running = asked.get(key);
  if (running) return running;
  const { section = 'all', search, category, supplier, exclude } = query;
  pending += 1;
  running = api
    .productPage(section, { search, category, supplier, exclude }, query.pageSize ?? 20, 0)
    .then((page) => putInterimList(key, { products: page.results, count: page.count, fetched_at: Date.now() }))
    .catch((error: unknown) => {
      asked.delete(key); // the device's ensureList asks again
      console.warn('Could not load the product list', error);
    })
    .finally(() => {
      pending -= 1;
      // After the frame that shows them: the device's chunk must not compete with their painting.
      if (pending === 0) requestAnimationFrame(() => setTimeout(settle, 0));
    });
  asked.set(key, running);
  return running;
}
