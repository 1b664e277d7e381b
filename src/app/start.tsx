import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { bootstrap } from '@/app/providers';
import { watchConnection } from '@/features/offline/connection';
import { startServiceWorker } from '@/features/offline/service-worker';
import { restoreWorkingStateAtStart } from '@/features/range-tool/library/use-working-state';

/** Renders the app: loaded by main.tsx once the engine workers have been started (see there). */
export function startApp(): void {
  // The app's bundle has loaded and run (bench:cold reads the mark).
  performance.mark('rangeforge:main');
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // i18n initialises synchronously inside bootstrap; the session request runs while the shell renders.
  void bootstrap();
  // After the language is set (bootstrap sets it first, synchronously) and before the first render: the range tool
  // of the last visit renders at once, and its equity job starts with the first effects.
  restoreWorkingStateAtStart(location.pathname);
  watchConnection();
  startServiceWorker();
  // Rendered synchronously: the first commit's effects then run in this task, before the first paint and the tasks
  // queued meanwhile, so the range tool's equity job (started by an effect) reaches a worker as the page appears.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
