import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { getBasePath } from '../api/basePath.js';
import { createQueryClient } from '../api/queryClient.js';
import { preferredLocale, setLocale } from '../i18n/index.js';
import { warmFormatters } from '../utils/format.js';
import { App } from './App.js';
import { Providers } from './providers.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The reader's language first, so the first paint is already in it; English if its chunk fails.
void setLocale(preferredLocale(), { remember: false })
  .catch(() => undefined)
  .finally(() => {
    render(root);
    // The first screen after a login formats sizes, durations and times: build those formatters
    // while the login page waits for the reader, not while that screen draws.
    whenIdle(() => warmFormatters());
  });

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <BrowserRouter basename={getBasePath() || '/'}>
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}
