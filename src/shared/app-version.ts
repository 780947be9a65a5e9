/**
 * Which app builds the API serves (docs/api.md#app-versions). Every build of the web app states
 * APP_VERSION in the X-App-Version header of its API requests; the server answers the range it
 * serves in X-Supported-App-Versions and refuses a build below the minimum with 426, and the app
 * then asks its user to update (docs/operations.md#releases-and-compatibility says when to raise it).
 */

/** This build's app version: raised by one in every release whose app talks to the API differently. */
export const APP_VERSION = 1;

/** The oldest app version this server serves, unless MIN_APP_VERSION raises it. */
export const MIN_APP_VERSION = 1;

/** The request header an app build states its version in. */
export const APP_VERSION_HEADER = 'X-App-Version';

/** The answer header with the range served: `<minimum>-<newest>`. */
export const SUPPORTED_APP_VERSIONS_HEADER = 'X-Supported-App-Versions';

/** The status that refuses an app below the range. */
export const APP_OUTDATED_STATUS = 426;

export interface AppVersionRange {
  min: number;
  max: number;
}

/** `1-3` → {min: 1, max: 3}; anything else → null. */
export function parseVersionRange(text: string | null | undefined): AppVersionRange | null {
  const match = /^\s*(\d{1,9})-(\d{1,9})\s*$/.exec(text ?? '');
  if (!match) return null;
  const [min, max] = [Number(match[1]), Number(match[2])];
  return min <= max ? { min, max } : null;
}

export const formatVersionRange = ({ min, max }: AppVersionRange) => `${min}-${max}`;
