import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/app/i18n';
import { SERVER_MESSAGES } from '@/shared/messages';
import { ApiError } from '@/sync/api/client';
import { errorDetail, firstFieldError } from '@/sync/api/errors';
import { serverText } from '@/sync/api/serverText';

const texts = Object.values(SERVER_MESSAGES);

/** msgid → msgstr of a .po catalog (single-line entries, as the Lingui formatter writes them). */
function catalog(language: string): Map<string, string> {
  const po = readFileSync(path.resolve('locales', language, 'messages.po'), 'utf8');
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  return new Map([...po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)].map((m) => [unquote(m[1]), unquote(m[2])]));
}

describe('the messages users can see from the server (src/shared/messages.ts)', () => {
  it.each(['fr', 'tr'])('each has a %s translation in locales/', (language) => {
    const entries = catalog(language);
    const untranslated = texts.filter((text) => !entries.get(text) || entries.get(text) === text);
    expect(untranslated).toEqual([]);
  });

  it('the web app shows each in the active language, and the English text as the server wrote it', async () => {
    for (const language of ['fr', 'tr'] as const) {
      await activateLanguage(language, false);
      const entries = catalog(language);
      expect(texts.filter((text) => serverText(text) !== entries.get(text))).toEqual([]);
    }
    await activateLanguage('en', false);
    expect(texts.filter((text) => serverText(text) !== text)).toEqual([]);
  });

  it('reaches a form through the DRF error readers, and leaves unknown texts as they came', async () => {
    await activateLanguage('fr', false);
    const refusal = new ApiError(403, { detail: SERVER_MESSAGES.CANNOT_MESSAGE_OWN_PRODUCT });
    expect(errorDetail(refusal, '')).toBe('Vous ne pouvez pas écrire au sujet de votre propre produit.');
    const fields = new ApiError(400, { rating: [SERVER_MESSAGES.RATING_REQUIRED] });
    expect(firstFieldError(fields)).toBe(catalog('fr').get(SERVER_MESSAGES.RATING_REQUIRED));
    expect(serverText('Something the table does not hold.')).toBe('Something the table does not hold.');
  });
});
