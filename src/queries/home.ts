import { firstPageUrl, type ListQuery } from '../db/listQuery';

/** Top rated and Hot selling show two rows of the widest grid; Explore goes on page by page. */
export const SECTION_SIZE = 10;

/** The home screen's lists, in the order it shows them. */
export const HOME_LISTS = {
  topRated: { section: 'top-rated', pageSize: SECTION_SIZE },
  hotSelling: { section: 'hot-selling', pageSize: SECTION_SIZE },
  explore: { section: 'all' },
} as const satisfies Record<string, ListQuery>;

/**
 * The list the server puts in the home page's HTML for a guest's first visit
 * (server/web/landing.ts), under the very URL the home screen asks for it, so the first cards
 * need no request of their own. The other sections are asked for once the home renders, so
 * they do not share the link with the first cards.
 */
export const HOME_PRELOADED = HOME_LISTS.topRated;

/** The URLs of the answers embedded in the home page (src/sync/firstVisit.ts adopts them). */
export const HOME_FIRST_ANSWERS = [firstPageUrl(HOME_PRELOADED)];
