import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';

import { moreVillainsAtom, multiwayEquityAtom } from '../atoms';
import { formatStdError } from '../equity-rules';

/** Each player's equity when more than one villain is in the hand (the heads-up figures stay below). */
export function MultiwayFigures() {
  const { t } = useTranslation();
  const format = useFormat();
  const result = useAtomValue(multiwayEquityAtom);
  const villains = useAtomValue(moreVillainsAtom).length + 1;
  if (!result || villains < 2) return null;
  const names = [
    t('ranges:equity.heroColors'),
    ...Array.from({ length: villains }, (_, index) => t('ranges:players.villain', { number: index + 1 })),
  ];
  return (
    <table className="equity-stats multiway-figures" data-testid="multiway-equity">
      <caption>
        {t('ranges:players.multiway')}
        {!result.exact && <small> · {formatStdError(result.stdError, format.language)}</small>}
      </caption>
      <tbody>
        {result.equities.map((equity, index) => (
          <tr key={names[index]} data-player={index === 0 ? 'hero' : `villain-${index}`}>
            <th scope="row">{names[index]}</th>
            <td>{format.percent(equity, 2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
