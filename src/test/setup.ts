import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { initI18n } from '@/lib/i18n';

// jsdom has no modal dialogs: showModal/close only toggle `open` here, as the browser does first. What only a browser
// does (inert background, top layer) is checked by the browser suite (tests/e2e/accessibility.spec.ts).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// Tests read English texts; i18n initialises synchronously from the bundled JSON.
initI18n('en-US');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
