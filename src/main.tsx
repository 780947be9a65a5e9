import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { initTheme } from './app/theme';
import { listenForInstallPrompt, registerServiceWorker } from './app/pwa';
import './app/styles.css';

initTheme();
listenForInstallPrompt();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
