import { db } from '../data/db';
import { api } from './api';

/**
 * Pulls the category list into the local database, replacing it whole (categories are few).
 * Failures are only logged (spec §8): the last saved list keeps showing.
 */
export async function pullCategories(): Promise<void> {
  try {
    const categories = await api.categories();
    await db.transaction('rw', db.categories, async () => {
      await db.categories.clear();
      await db.categories.bulkPut(categories.map(({ id, name }, position) => ({ id, name, position })));
    });
  } catch (error) {
    console.warn('Could not load the categories', error);
  }
}
