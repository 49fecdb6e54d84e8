import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app.tsx';
import { leavePaymentPages } from './topup.tsx';
import './styles.css';

// Back from the payment pages, the page may first leave them behind (topup.tsx).
if (!leavePaymentPages()) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
window.addEventListener('pageshow', (e) => {
  if (e.persisted) leavePaymentPages();
});

// The service worker caches the shell and the catalogue for offline browsing (vite.config.ts).
registerSW({ immediate: true });
