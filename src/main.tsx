import '@/styles/theme.css';
import '@/styles/app.css';

import { startEngineForPage } from '@/engine/engine-instance';

// The entry holds only the engine pool's start, so the workers fetch and compile the engine on their own threads
// while the app's bundle (React, i18n, every page of the shell) downloads and runs; index.html preloads that bundle
// beside this entry (vite.config.ts), so the split adds no round trip.
performance.mark('rangeforge:boot');
startEngineForPage(location.pathname);
void import('@/app/start').then(({ startApp }) => startApp());
