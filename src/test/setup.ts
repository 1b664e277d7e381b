import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { initI18n } from '@/lib/i18n';

// Tests read English texts; i18n initialises synchronously from the bundled JSON.
initI18n('en-US');

afterEach(() => {
  cleanup();
  localStorage.clear();
});
