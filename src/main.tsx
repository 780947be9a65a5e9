import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { initTheme } from './app/theme';
import { listenForInstallPrompt, registerServiceWorker } from './app/pwa';
import { startLocalData } from './queries/firstVisit';
import './app/styles.css';

initTheme();
listenForInstallPrompt();
registerServiceWorker();

// A first visit to the home page holds the local database back until the first screen has painted.
startLocalData(window.location.pathname === '/' && !navigator.serviceWorker?.controller);

// biome-ignore lint/style/noNonNullAssertion: index.html holds the #root element.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
