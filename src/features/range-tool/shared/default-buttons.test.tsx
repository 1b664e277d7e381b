import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n, languageAtom, resources } from '@/lib/i18n';
import { type Language, LANGUAGES } from '@/lib/languages';
import { appStore } from '@/lib/store';
import { renderApp, testUser } from '@/test/render';

import { ColorButtons } from '../editor/components/color-buttons';
import { RangeLibrary } from '../library/components/range-library';
import { resetPainting } from '../test-support';
import { rangeApi } from './api';
import { buttonsAtom, categoryIdAtom } from './atoms';
import { CALL_COLOR, defaultButtons } from './default-buttons';
import { DEFAULT_COLOR } from './range-rules';
import { showRange } from './show-range';

vi.mock('./api', () => import('../test-support').then((support) => support.rangeApiModule()));

const api = vi.mocked(rangeApi);

/** The two default names as the language's own file writes them (the oracle is the file, not the code). */
function fileLabels(language: Language): [string, string] {
  const buttons = (resources[language]!.ranges as { buttons: Record<string, string> }).buttons;
  return [buttons.defaultRaise!, buttons.defaultCall!];
}

/** Switches the interface as the app does (the language atom and i18n together). */
async function switchTo(language: Language) {
  await act(async () => {
    appStore.set(languageAtom, language);
    await i18n.changeLanguage(language);
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(categoryIdAtom, null);
  resetPainting();
});

afterEach(async () => {
  await switchTo('en-US');
});

describe('default colour buttons', () => {
  it.each(LANGUAGES)('are named in %s, each language its own names', (language) => {
    const [raise, call] = fileLabels(language);
    expect(defaultButtons(language)).toEqual([
      { color: DEFAULT_COLOR, label: raise },
      { color: CALL_COLOR, label: call },
    ]);
    expect(raise.trim()).not.toBe('');
    expect(call.trim()).not.toBe('');
    if (language !== 'en-US') expect([raise, call]).not.toEqual(fileLabels('en-US'));
  });

  it.each(LANGUAGES)("shows the tool's fresh chart in %s", async (language) => {
    renderApp(<ColorButtons />);
    await switchTo(language);
    const [raise, call] = fileLabels(language);
    expect(screen.getByRole('button', { name: new RegExp(`^${raise}`) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(`^${call}`) })).toBeInTheDocument();
  });

  it.each(LANGUAGES)("saves a library's new range with the names of %s", async (language) => {
    const user = userEvent.setup();
    api.tree.mockResolvedValue({ root_type: 'preflop_root', children: [] });
    api.create.mockResolvedValue({} as never);
    renderApp(<RangeLibrary rootType="preflop_root" />, { user: { ...testUser, language } });
    await switchTo(language);
    await user.type(screen.getByLabelText(i18n.t('ranges:library.newItem')), 'BTN open');
    await user.click(screen.getByRole('button', { name: i18n.t('ranges:library.create') }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    const [raise, call] = fileLabels(language);
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'BTN open',
        kind: 'range',
        buttons: [
          { color: DEFAULT_COLOR, label: raise },
          { color: CALL_COLOR, label: call },
        ],
      }),
    );
  });

  it('never translates saved names, and names a range saved without buttons once, when it is opened', async () => {
    await switchTo('ru-RU');
    const saved = [{ color: '#1847BE', label: 'Raise' }];
    showRange(3, { note: '', buttons: saved, pairs: [], sides: null });
    expect(appStore.get(buttonsAtom)).toEqual(saved);

    showRange(4, { note: '', buttons: [], pairs: [], sides: null });
    expect(appStore.get(buttonsAtom)).toEqual(defaultButtons('ru-RU'));
    // They are the range's names now: another interface language leaves them alone.
    await switchTo('es-ES');
    expect(appStore.get(buttonsAtom)).toEqual(defaultButtons('ru-RU'));

    // Back to the tool's fresh chart: its defaults follow the interface language again.
    appStore.set(buttonsAtom, null);
    expect(appStore.get(buttonsAtom)).toEqual(defaultButtons('es-ES'));
  });
});
