import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './app/App';
import { initTheme } from './app/theme';
import { activateLanguage, storedLanguage } from './app/i18n';
import { listenForInstallPrompt, registerServiceWorker, updateSettled } from './app/pwa';
import { preloadScreenFor } from './app/routes';
import { setFirstRender, startLocalData, type FirstRender } from './queries/firstVisit';
import { HOME_LISTS } from './queries/home';
import { warmLists } from './queries/warmStart';
import { formatPrice } from './shared/format';
import './app/styles.css';

initTheme();
listenForInstallPrompt();
registerServiceWorker();

// biome-ignore lint/style/noNonNullAssertion: index.html holds the #root element.
const root = document.getElementById('root')!;
/** The data a server-rendered page was rendered from (server/web/page.ts), on a guest's first visit (index.html). */
function renderedData(): FirstRender | undefined {
  const block = document.getElementById('first-render');
  if (!block || !(window as { FIRST_PAINT?: { hydrate?: boolean } }).FIRST_PAINT?.hydrate) return undefined;
  try {
    return JSON.parse(block.textContent ?? '') as FirstRender;
  } catch {
    return undefined;
  }
}
const rendered = renderedData();
const language = storedLanguage();
/**
 * A repeat visit to the home page: its lists are read from the device before the first render
 * (src/queries/warmStart.ts), which waits for them (at most WARM_WAIT_MAX_MS) beside the
 * translations, so the first render already shows the cards; meanwhile the shell from the
 * service worker and its splash are on screen (docs/architecture.md#how-it-runs).
 */
const WARM_WAIT_MAX_MS = 400;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * A page's first Intl number formatter loads the language's number data: about 80 ms on a phone
 * with a 4× slower CPU. Made in a task of its own once the language is active, it no longer
 * lengthens the first render's task (bench/README.md, "The working set on the phone profile").
 */
async function prepareFormatting(): Promise<void> {
  await nextTask();
  formatPrice(0);
  await nextTask();
}

/**
 * A server-rendered page in the visitor's language is hydrated from the same answers, once its
 * translations and screen are in, so the first render matches the server's (src/sync/firstRender.ts).
 * Otherwise (another language, a signed-in user, the service worker's app shell) the app renders
 * afresh; a page's answers still spare their requests.
 */
async function start() {
  // A first visit holds the local database back until the first screen has painted (src/queries/firstVisit.ts).
  const firstVisit = !navigator.serviceWorker?.controller;
  startLocalData({ home: firstVisit && window.location.pathname === '/', serverRendered: rendered !== undefined });
  const warm = !firstVisit && window.location.pathname === '/' ? warmLists(Object.values(HOME_LISTS)) : undefined;
  if (rendered && root.dataset.ssr === language && rendered.language === language) {
    setFirstRender(rendered);
    await Promise.all([activateLanguage(language, false), preloadScreenFor(window.location.pathname)]);
    await prepareFormatting();
    // As a transition the hydration yields to the browser every few milliseconds (to paint, to
    // answer a tap) instead of holding the main thread in one long task; the server's markup
    // is on screen meanwhile.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App splashMs={0} />
        </StrictMode>,
      );
    });
    return;
  }
  if (rendered) setFirstRender({ ...rendered, language, rates: rendered.rates });
  // The translations are asked for now, not once the first render has mounted LanguageProvider.
  const translations = activateLanguage(language, false).catch(() => undefined);
  const formatting = translations.then(prepareFormatting);
  if (warm) await Promise.race([Promise.all([warm, formatting]), new Promise((resolve) => setTimeout(resolve, WARM_WAIT_MAX_MS))]);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
// Right after Reload chose a new version, the app waits for it to take over (src/app/pwa.ts).
void updateSettled().then(start);
