/**
 * Everything that holds the local database, loaded as one chunk by src/sync/firstVisit.ts after
 * the first screen's code: Dexie with the tables, the reads the live hooks share, and the sync
 * engine's commands, which the hooks reach through `request` (src/sync/index.ts).
 */
import { ensureList, ensureProduct, ensureReviews, ensureSeller } from './lists';
import { clearPrivateData } from './session';
import { unsentCount } from './outbox';
import { currentUser, isLeader, setEngineUser, startEngine, watchConversation } from './engine';
import {
  discardOutboxEntry,
  editReview,
  markAllNotificationsRead,
  markNotificationRead,
  openProduct,
  retryOutboxEntry,
  sendMessage,
  sendOffer,
  startConversation,
  submitReview,
  syncNow,
  toggleFavorite,
} from './intents';
import { openConversation } from './conversations';
import { createProduct, deleteProduct, fetchProduct, updateProduct } from './products';
import { clearOfflineCopy, storageEstimate } from './storage';

export { liveQuery } from 'dexie';
export { db } from '../db/db';
export { deviceList, localSuggestions, readCounts, withFavorites } from '../db/queries';
export { searchLocal } from '../db/search';
export { adoptInterim } from './lists';

/** What the hooks may ask the engine to do: fetch what the device lacks, write the user's actions, run the streams. */
export const commands = {
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
  discardOutboxEntry,
  editReview,
  markAllNotificationsRead,
  markNotificationRead,
  openProduct,
  retryOutboxEntry,
  sendMessage,
  sendOffer,
  startConversation,
  submitReview,
  syncNow,
  toggleFavorite,
  createProduct,
  updateProduct,
  deleteProduct,
  fetchProduct,
  clearOfflineCopy,
  storageEstimate,
};
export type Commands = typeof commands;
