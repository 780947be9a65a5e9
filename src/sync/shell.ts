/**
 * The app shell before the catalogue (docs/sync.md#quota). On a first visit the service worker's
 * precache (the app's own files, so it opens offline) and the catalogue's copy both take room on
 * the device; on a phone with little room the catalogue, much larger, filled it first and the
 * worker's install was refused, leaving an app that could not open offline. So the catalogue's
 * copy waits until the page says the worker's install has ended, at most SHELL_WAIT_MS.
 */

/** However slow the network, the catalogue's copy waits no longer than this for the shell. */
export const SHELL_WAIT_MS = 60_000;

let saved: Promise<void> = Promise.resolve();

/**
 * The page is installing its service worker (src/app/pwa.ts): `installed` settles when the
 * install has ended, saved or not. Until then, or SHELL_WAIT_MS, shellSaved() waits.
 */
export function shellInstalling(installed: Promise<unknown>): void {
  saved = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, SHELL_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    installed.then(done, done);
  });
}

/** Resolves once the app shell is saved, or will not be (no worker, its install failed, or the wait ran out). */
export function shellSaved(): Promise<void> {
  return saved;
}
