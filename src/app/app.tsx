import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';

import { appPainted } from '@/engine/engine-instance';

import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => {
    // The first commit's effects run before its paint; the frame callback and the task after it, once the frame is
    // painted. Only then do the engine workers warm up (engine-instance.ts), off the first render's path.
    const frame = requestAnimationFrame(() => setTimeout(appPainted, 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
