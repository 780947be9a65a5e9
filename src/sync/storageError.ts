import { t } from '@lingui/core/macro';

/** A full disk, shown to the user with what was not saved (src/sync/storage.ts); apart from Dexie, for the shell's indicator. */
type Listener = () => void;
const listeners = new Set<Listener>();
let storageError: string | null = null;

export function getStorageError(): string | null {
  return storageError;
}

export function onStorageError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearStorageError(): void {
  storageError = null;
  for (const listener of listeners) listener();
}

/** Tells the user the disk is full and what was not saved. */
export function reportStorageFull(what: string): string {
  storageError = t`Your device storage is full: ${what} was not saved. Free some space and try again.`;
  for (const listener of listeners) listener();
  return storageError;
}

/** Thrown by an intent whose local write failed: the action was NOT saved. */
export class LocalWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalWriteError';
  }
}
