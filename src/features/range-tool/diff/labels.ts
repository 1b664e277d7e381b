import type { TranslationKey } from '@/lib/i18n-keys';

import type { DiffKind } from './strategy-diff';

export const KIND_LABELS: Record<DiffKind, TranslationKey> = {
  unchanged: 'diff:kind.unchanged',
  added: 'diff:kind.added',
  removed: 'diff:kind.removed',
  reweighted: 'diff:kind.reweighted',
  recoloured: 'diff:kind.recoloured',
};

/**
 * Each kind's sign, drawn beside its colour and pattern so the grid reads without colour vision; signs rather than
 * letters, so they need no translation.
 */
export const KIND_MARKS: Record<DiffKind, string> = {
  unchanged: '',
  added: '+',
  removed: '\u2212',
  reweighted: '%',
  recoloured: '\u21c4',
};
