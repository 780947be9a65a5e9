import { useLingui } from '@lingui/react';
import { serverText } from '../queries/errors';

/**
 * The rules in src/shared speak English (the server answers with the same texts): this hook
 * shows them in the active language, re-rendering when it changes (src/sync/api/serverText.ts).
 */
export function useMessage(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => serverText(text, i18n);
}
