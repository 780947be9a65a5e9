import { catalogueCollections } from './catalogue';
import { messagingCollections } from './messaging';
import { orders } from './deals';
import { rfqQuotes, rfqs } from './wholesale';
import type { SyncCollection } from './types';

/** Every collection GET /api/sync/ serves (docs/api.md#delta-sync). Add a collection here to sync it. */
export const syncCollections: SyncCollection[] = [...catalogueCollections, ...messagingCollections, orders, rfqs, rfqQuotes];

export { readShape, shapeExists, type Shape } from './shapes';
