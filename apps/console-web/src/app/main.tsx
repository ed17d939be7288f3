import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { getBasePath } from '../api/basePath.js';
import { createQueryClient } from '../api/queryClient.js';
import { App } from './App.js';
import { Providers } from './providers.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={createQueryClient()}>
      <BrowserRouter basename={getBasePath() || '/'}>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
