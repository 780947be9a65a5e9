import { useEffect, useState } from 'react';
import { PICTURE_BUDGET_CHOICES_MB, PICTURE_BUDGET_KEY, pictureBudgetBytes, savedPicturesBytes, tellWorkerBudget } from '../media/saved';

/**
 * Pictures for the screens (src/media/ sits under the hooks): saving them ahead for offline
 * use, shrinking a form's photos before it is sent, and the picture budget in Settings. The
 * screens call these; only the media helpers touch the caches, local storage and the worker.
 */
export { saveConversationFiles, saveGallery } from '../media/saved';
export { shrinkFormPictures } from '../media/compress';

const MB = 1024 * 1024;

/**
 * The user's picture budget (Settings): kept on this device (local storage, read by the saving
 * ahead of src/sync/pull/prefetch.ts), and told to the service worker, which bounds its media
 * cache by it (src/sw/mediaBudget.ts).
 */
export function setPictureBudget(mb: number): void {
  localStorage.setItem(PICTURE_BUDGET_KEY, String(mb));
  tellWorkerBudget();
}

export interface PictureBudget {
  /** The budget chosen, in MB (0: only pictures already shown are kept). */
  budget: number;
  choices: readonly number[];
  /** What the media cache holds now, in bytes; null while it is measured. */
  saved: number | null;
  choose(mb: number): void;
}

/** The picture budget and what is saved now, measured again whenever the budget changes. */
export function usePictureBudget(): PictureBudget {
  const [budget, setBudget] = useState(() => Math.round(pictureBudgetBytes() / MB));
  const [saved, setSaved] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new budget is the cue to measure again (saving ahead follows it).
  useEffect(() => {
    let active = true;
    void savedPicturesBytes().then((bytes) => active && setSaved(bytes));
    return () => {
      active = false;
    };
  }, [budget]);

  const choose = (mb: number) => {
    setPictureBudget(mb);
    setBudget(mb);
  };
  return { budget, choices: PICTURE_BUDGET_CHOICES_MB, saved, choose };
}
