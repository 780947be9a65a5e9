import { useLingui } from '@lingui/react';
import { localized } from '../shared/content-language';
import type { Banner } from '../shared/catalogue';
import type { Category } from '../shared/types';

/**
 * Category names and banner titles in the app's current language, from the translations the
 * rows carry (docs/api.md#content-languages), so switching language works offline too.
 */
export function useContentText() {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return {
    categoryName: (category: Pick<Category, 'name' | 'names'>) => localized(category.name, category.names, language),
    bannerTitle: (banner: Pick<Banner, 'title' | 'titles'>) => localized(banner.title, banner.titles, language),
  };
}
