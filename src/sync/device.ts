/**
 * Everything that holds the local database, loaded as one chunk by src/sync/firstVisit.ts after
 * the first screen's code: Dexie with the tables, the reads the live hooks share, and the sync
 * engine's commands, which the hooks reach through `request` (src/sync/index.ts).
 */
import { ensureList, ensureProduct, ensureReviews, ensureSeller } from './pull/lists';
import { clearPrivateData } from './session/deviceUser';
import { unsentCount } from './outbox/queue';
import { changeCatalogueBudget, currentUser, isLeader, setEngineUser, startEngine, watchConversation } from './engine';
import * as intents from './outbox/intents';
import { openConversation } from './pull/conversations';
import { cancelUpload } from './outbox/uploads';
import { createProduct, deleteProduct, fetchProduct, updateProduct } from './forms/products';
import { uploadDocument, withLargeFilesAhead } from './forms/uploads';
import { clearOfflineCopy, storageEstimate } from './storage';

import { liveQuery } from 'dexie';
import { db } from '../db/db';
import { streamKey } from './pull/streams';

export { liveQuery, db };
export { deviceList, localSuggestions, readCounts, withFavorites } from '../db/queries';
export { localDidYouMean, searchLocal } from '../db/search';
export { adoptInterim } from './pull/lists';

/** Calls `listener` once the whole catalogue is on the device (the catalogue stream finished). */
export function onCatalogueReplicated(listener: () => void): void {
  liveQuery(() => db.syncState.get(streamKey('catalogue'))).subscribe({
    next: (row) => row?.value === 'done' && listener(),
    error: (error: unknown) => console.warn('Could not follow the catalogue copy', error),
  });
}

/** The user's actions (src/sync/outbox/intents.ts); its error class is not a command. */
const { NotSignedInError: _notACommand, ...userActions } = intents;

/** What the hooks may ask the engine to do: fetch what the device lacks, write the user's actions, run the streams. */
export const commands = {
  cancelUpload,
  ensureList,
  ensureProduct: (id: number) => ensureProduct(id),
  ensureReviews: (productId: number) => ensureReviews(productId),
  ensureSeller,
  clearPrivateData,
  unsentCount,
  currentUser,
  isLeader,
  setEngineUser,
  startEngine,
  watchConversation,
  openConversation,
  ...userActions,
  createProduct,
  updateProduct,
  deleteProduct,
  fetchProduct,
  withLargeFilesAhead,
  uploadDocument,
  clearOfflineCopy,
  storageEstimate,
  changeCatalogueBudget,
};
export type Commands = typeof commands;
