// The words of a chart's picture (contract/chart-svg.ts) in one language: the range's total and each action's combos
// with their share of all hands, numbers formatted as that language writes them.
import { formatNumber, formatPercent, roundCount } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import type { ChartPictureText } from '@contract/chart-svg';

/** The picture's words in `language`; `footer` adds the app's name at its foot (a picture shared in a chat). */
export function pictureText(
  language: string,
  { footer = true }: { footer?: boolean } = {},
): ChartPictureText {
  const t = i18n.getFixedT(language);
  const combos = (count: number, share: number) => ({
    count: roundCount(count),
    percent: formatPercent(share, language),
    combos: formatNumber(roundCount(count), language),
  });
  return {
    total: (count, share) => t('ranges:buttons.total', combos(count, share)),
    action: (count, share) => t('ranges:picture.action', combos(count, share)),
    ...(footer ? { footer: t('ranges:picture.footer') } : {}),
  };
}
