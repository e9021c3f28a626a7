import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import './lib/i18n';
import { App } from './app/app';

// A tab opened before a deploy asks for chunks the new build no longer has: load the new build
// (not again within a minute, so a chunk that is really missing shows its error instead of a reload loop).
const RELOADED_AT = 'reloaded-for-missing-chunk-at';
window.addEventListener('vite:preloadError', (event) => {
  try {
    if (Date.now() - Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0) < 60_000) return;
    window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return; // without storage a reload could repeat forever: let the error show instead
  }
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
