/**
 * The sync engine's one door for the layers above (src/queries/): the hooks read the local
 * database through the device's modules and ask the engine for everything else by name with
 * `request`, a typed command map (src/sync/device.ts `commands`). Nothing here loads Dexie: the
 * device's chunk loads on the first request or read (src/sync/firstVisit.ts). Beside it, the
 * light pieces the session needs before any data: the API client, the tokens, connectivity.
 */
import type { Commands } from './device';
import { beforeList, loadDevice } from './firstVisit';

export type { Commands };
export type CommandName = keyof Commands;
type Command<K extends CommandName> = Commands[K] extends (...args: infer A) => infer R ? (...args: A) => R : never;

/** Runs one of the engine's commands once the device's chunk is in. */
export async function request<K extends CommandName>(name: K, ...args: Parameters<Command<K>>): Promise<Awaited<ReturnType<Command<K>>>> {
  // A first visit shows a list's first page from memory while the chunk is held back.
  if (name === 'ensureList') await beforeList(...(args as unknown as Parameters<Commands['ensureList']>));
  const command = (await loadDevice()).commands[name] as unknown as (...a: Parameters<Command<K>>) => ReturnType<Command<K>>;
  return await command(...args);
}

/**
 * A command as a function of its own (an intent): `const toggleFavorite = intent('toggleFavorite')`.
 * Marked free of side effects, so the intents a bundle does not use are left out of it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function intent<K extends CommandName>(name: K): (...args: Parameters<Command<K>>) => Promise<Awaited<ReturnType<Command<K>>>> {
  return (...args) => request(name, ...args);
}

export {
  adoptFirstList,
  deviceLoaded,
  firstAnswers,
  firstVisitState,
  holdDeviceUntil,
  interimList,
  interimProduct,
  loadDevice,
  onFirstVisitChange,
  readFirst,
  type Device,
  type FirstVisitState,
} from './firstVisit';
export type { InterimList } from './pull/lists';
export { firstBanners, firstRender, firstSeller, setFirstRender, type FirstRender } from './firstRender';
export { api, ApiError, type RegistrationInput } from './api/client';
export { clearTokens, getRefreshToken, hasStoredTokens, onTokensCleared, setTokens } from './session/tokens';
export { isOnline, onConnectivityChange, useConnectivity } from './api/connectivity';
export { isTroubled, useServerTrouble } from './api/health';
export { isAppOutdated, onAppOutdated, onNewerAppVersion, useAppOutdated } from './api/appVersion';
export { onOtherTabSession, sessionIsOf, sessionOwner } from './session/identity';
export { revokeSession } from './session/revocations';
export { NotSignedInError } from './session/guest';
export { clearStorageError, getStorageError, LocalWriteError, onStorageError } from './storageError';
export type { OpenState } from './pull/conversations';
export { syncWhenLeaving } from './worker/background';
export { shellInstalling } from './shell';
export { pushPermission, pushSupported, storedKinds, type PushPermission } from './webpush/state';

/** Subscribing this device to pushes, and switching their kinds: its own chunk (./webpush/subscription.ts). */
export async function enablePush(...args: Parameters<typeof import('./webpush/subscription').enablePush>) {
  return (await import('./webpush/subscription')).enablePush(...args);
}
export async function setPushKinds(...args: Parameters<typeof import('./webpush/subscription').setPushKinds>) {
  return (await import('./webpush/subscription')).setPushKinds(...args);
}

/** The service worker's session and this device's push subscription, kept for the signed-in user (./webpush/reachable.ts). */
export async function keepDeviceReachable(userId: number): Promise<void> {
  await (await import('./webpush/reachable')).keepDeviceReachable(userId);
}
export type { Progress } from './forms/products';
