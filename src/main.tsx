import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { initTheme } from './app/theme';
import { listenForInstallPrompt, registerServiceWorker } from './app/pwa';
import { holdDeviceUntil, loadDevice } from './data/local';
import { firstAnswers } from './sync/early';
import { DEVICE_HOLD_MAX_MS } from './shared/constants';
import './app/styles.css';

initTheme();
listenForInstallPrompt();
registerServiceWorker();

// A first visit to the home page: the local database's chunk waits until the first screen's data
// has come in and painted, so it does not share the slow link with it (src/data/local.ts).
// Otherwise it loads at once, beside the first render: once the service worker serves the
// app, the chunk is on the device, and the first screen reads from it.
if (window.location.pathname === '/' && !navigator.serviceWorker?.controller) {
  holdDeviceUntil(Promise.race([firstAnswers, new Promise((resolve) => setTimeout(resolve, DEVICE_HOLD_MAX_MS))]));
} else {
  loadDevice().catch((error: unknown) => console.warn('Could not load the local database', error));
}

// biome-ignore lint/style/noNonNullAssertion: index.html holds the #root element.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
