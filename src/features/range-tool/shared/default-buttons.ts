// A fresh chart's colour buttons. Their names are the player's own data once saved, so they are written in the
// interface language when the chart is created and never translated again on display.
import { i18n } from '@/lib/i18n';
import type { Language } from '@/lib/languages';
import type { RangeButton } from '@contract/categories';

import { DEFAULT_COLOR, type RangePairs, withChartColors } from './range-rules';

/** The second button's colour, which is also the villain's side of a fresh chart. */
export const CALL_COLOR = '#C0392B';

/** Two buttons, so hero and villain ranges can be painted at once, named in `language`. */
export function defaultButtons(language: Language): RangeButton[] {
  const t = i18n.getFixedT(language);
  return [
    { color: DEFAULT_COLOR, label: t('ranges:buttons.defaultRaise') },
    { color: CALL_COLOR, label: t('ranges:buttons.defaultCall') },
  ];
}

/**
 * A chart's legend: its buttons, and a button for each colour its hands hold that none of them has (named as the
 * legend's "add colour" names one, in `language`), so the legend counts every combo of the range.
 */
export function legendButtons(buttons: RangeButton[], pairs: RangePairs, language: Language): RangeButton[] {
  const t = i18n.getFixedT(language);
  return withChartColors(buttons, pairs, (place) => t('ranges:buttons.newLabel', { number: place }));
}
