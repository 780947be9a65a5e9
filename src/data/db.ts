import Dexie, { type EntityTable } from 'dexie';
import type { Category } from '../shared/types';

/**
 * The device's local database (DESIGN §2): screens render from it through live queries; only
 * the sync layer (src/sync/) writes what comes from the server.
 */
export interface CountsRow {
  /** One row per signed-in device state; always 'me'. */
  key: 'me';
  notifications_unread: number;
  messages_unread: number;
  favorites: number;
}

export interface CategoryRow extends Category {
  /** Server order, kept because the category list is shown as the server sorts it. */
  position: number;
}

export class MarketplaceDb extends Dexie {
  categories!: EntityTable<CategoryRow, 'id'>;
  counts!: EntityTable<CountsRow, 'key'>;

  constructor(name = 'marketplace') {
    super(name);
    this.version(1).stores({
      categories: 'id, position',
      counts: 'key',
    });
  }
}

export const db = new MarketplaceDb();
