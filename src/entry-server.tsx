// biome-ignore lint/style/noRestrictedImports: React's own server renderer, not this project's server.
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { i18n, type Messages } from '@lingui/core';
import App from './app/App';
import { preloadScreenFor } from './app/routes';
import type { Language } from './shared/constants';
import { forgetInterim } from './sync/firstVisit';
import { setFirstRender, type FirstRender } from './sync/firstRender';

/**
 * The server's render of a landing page (server/web/landing.ts), from the app's own components,
 * built by `vite build --ssr` into dist/.server/. The page's data comes as the API's answers by
 * URL (src/sync/firstRender.ts); the browser hydrates the HTML from the same answers
 * (src/main.tsx), so both renders match.
 */
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  tr: () => import('../locales/tr/messages.po'),
};
const loaded = new Map<Language, Messages>();

export interface RenderInput {
  pathname: string;
  search: string;
  render: FirstRender;
}

export interface RenderOutput {
  html: string;
  /** The answers (API URLs) the render asked for and did not have: fetch them and render again. */
  wanted: string[];
}

/** Loads the catalog and the screen of a page, so the render itself never waits. */
export async function prepare(pathname: string, language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, (await catalogs[language]()).messages);
  await preloadScreenFor(pathname);
}

/** One synchronous render: nothing else runs between setting the page's data and forgetting it. */
export function render({ pathname, search, render: data }: RenderInput): RenderOutput {
  const messages = loaded.get(data.language);
  if (!messages) throw new Error(`The ${data.language} catalog is not loaded: call prepare() first`);
  i18n.loadAndActivate({ locale: data.language, messages });
  const wanted = new Set<string>();
  forgetInterim();
  setFirstRender({ ...data, wanted });
  try {
    const html = renderToString(
      <Router ssrPath={pathname} ssrSearch={search}>
        <App splashMs={0} />
      </Router>,
    );
    return { html, wanted: [...wanted] };
  } finally {
    setFirstRender(null);
    forgetInterim();
  }
}
