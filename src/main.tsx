import '@/styles/theme.css';
import '@/styles/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { bootstrap } from '@/app/providers';
import { startEngineForPage } from '@/engine/engine-instance';
import { watchConnection } from '@/features/offline/connection';
import { startServiceWorker } from '@/features/offline/service-worker';

// The main bundle and its static imports have loaded and run (bench:cold reads the mark).
performance.mark('rangeforge:main');
const root = createRoot(document.getElementById('root') as HTMLElement);
// i18n initialises synchronously inside bootstrap; the session request runs while the shell renders.
void bootstrap();
startEngineForPage(location.pathname);
watchConnection();
startServiceWorker();
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);
