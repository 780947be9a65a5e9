import type { ListQuery } from '../db/listQuery';

/** Top rated and Hot selling show two rows of the widest grid; Explore goes on page by page. */
export const SECTION_SIZE = 10;

/** The home screen's lists, in the order it shows them. */
export const HOME_LISTS = {
  topRated: { section: 'top-rated', pageSize: SECTION_SIZE },
  hotSelling: { section: 'hot-selling', pageSize: SECTION_SIZE },
  explore: { section: 'all' },
} as const satisfies Record<string, ListQuery>;

/**
 * The list index.html preloads for a guest's first visit to `/` (scripts/first-paint.ts), by the
 * very request the home screen makes. The other sections are asked for once the home renders, so
 * they do not share the link with the first cards.
 */
export const HOME_PRELOADED = HOME_LISTS.topRated;
